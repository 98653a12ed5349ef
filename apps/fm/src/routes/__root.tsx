import type { BrandConfig } from '@fansite/brand-config';
import type { Radio } from '@fansite/player/radio';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

/**
 * What the radio page needs, handed to the router as its context so that tests can swap it. It is
 * declared here, where the route tree starts, so that the router imports the routes and never the
 * other way round.
 */
export interface FmContext {
  brand: BrandConfig;
  radio: Radio;
  /** `https://fm.host`: the page's own address, whether in the browser or on the server. */
  origin: string;
}

export const Route = createRootRouteWithContext<FmContext>()({
  component: Outlet,
});
