import { Anchor, type UiLinkProps } from '@fansite/ui-kit';
import { createLink, type RegisteredRouter } from '@tanstack/react-router';

/** ui-kit's anchor driven by the router: client-side navigation and preloading on intent. */
const RouterAnchor = createLink(Anchor);

/**
 * The router link ui-kit's components use (given to `UiLinkProvider`). They pass a full href, query
 * string included, which the router parses into path and search params; with no typed `to`, the
 * destination is only known at run time, hence the plain `string` route type.
 */
export function AppLink(props: UiLinkProps) {
  return <RouterAnchor<RegisteredRouter, string, string> {...props} />;
}
