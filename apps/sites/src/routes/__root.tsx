import type { createQueries } from '@fansite/api-client';
import type { BrandConfig } from '@fansite/brand-config';
import type { Radio } from '@fansite/player/radio';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/site/NotFoundPage.tsx';

/**
 * What a subscriber's site needs, handed to the router as its context so that tests can swap it.
 * It is declared here, where the route tree starts, so that the router imports the routes and
 * never the other way round.
 */
export interface SitesContext {
  brand: BrandConfig;
  /** The sub-domain: whose site this is. */
  domainName: string;
  /** The main site of the same brand, where a missing or disabled site sends its visitors. */
  mainSiteUrl: string;
  /** The brand's radio site, which the radio widget's copy-link action copies. */
  radioUrl: string;
  queries: ReturnType<typeof createQueries>;
  queryClient: QueryClient;
  radio: Radio;
  /** Leaves for another site (a full page load, replacing this page in the history). */
  leaveTo: (url: string) => void;
}

export const Route = createRootRouteWithContext<SitesContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
