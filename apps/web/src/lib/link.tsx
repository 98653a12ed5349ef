import { Anchor, type UiLinkProps } from '@fansite/ui-kit';
import { createLink, type RegisteredRouter } from '@tanstack/react-router';

/** ui-kit's anchor driven by the router: client-side navigation and preloading on intent. */
const RouterAnchor = createLink(Anchor);

/**
 * The router link ui-kit's components use (given to `UiLinkProvider`). ui-kit knows no routes, so
 * it passes a full href, query string included, which the router parses into path and search
 * params. The href is typed where it is made: every page address comes from `paths.ts`, whose
 * options are checked against the route tree, and lint refuses a literal page address in `href`.
 */
export function AppLink(props: UiLinkProps) {
  // A link is the current page's only when it names that page: the account menu's Dashboard
  // (/account) is not current on /account/website.
  return <RouterAnchor<RegisteredRouter, string, string> activeOptions={EXACT} {...props} />;
}

const EXACT = { exact: true } as const;
