import { createContext, useContext, type ComponentPropsWithRef, type ComponentType } from 'react';

export type AnchorProps = ComponentPropsWithRef<'a'>;

/** What ui-kit components give a link: a destination and the anchor's own attributes. */
export type UiLinkProps = AnchorProps & { href: string };

/** The contract an app's router link fulfils (see `UiLinkProvider`). */
export type UiLinkComponent = ComponentType<UiLinkProps>;

/**
 * A bare anchor. It is the link used when no router is provided (Storybook, tests), and the element
 * an app hands to its router's `createLink`, so that router links render exactly like ui-kit ones.
 */
export function Anchor(props: AnchorProps) {
  return <a {...props} />;
}

const LinkComponentContext = createContext<UiLinkComponent>(Anchor);

/**
 * ui-kit never imports a router: an app passes the link component of its router here, and every
 * internal link of every component goes through it.
 */
export const UiLinkProvider = LinkComponentContext.Provider;

/** Hrefs with a scheme (https:, mailto:) or protocol-relative ones leave the app. */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * The link every component uses: the app's router link for paths inside the site, a plain anchor
 * that keeps no opener or referrer for addresses outside it.
 */
export function Link({ href, ...props }: UiLinkProps) {
  const RouterLink = useContext(LinkComponentContext);
  if (isExternalHref(href)) return <a href={href} rel="noopener noreferrer" {...props} />;
  return <RouterLink href={href} {...props} />;
}
