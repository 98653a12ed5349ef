import { Outlet, createRootRouteWithContext, useMatches } from '@tanstack/react-router';
import { PageNotFound } from '../features/site-chrome/PageNotFound.tsx';
import { SiteLayout } from '../features/site-chrome/SiteLayout.tsx';
import { AppPlayerProvider } from '../lib/player/appPlayer.tsx';
import { PlayerDockOnDemand } from '../lib/player/PlayerDockOnDemand.tsx';
import type { AppContext } from '../lib/context.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

export const Route = createRootRouteWithContext<AppContext>()({
  // Pages without a head of their own: the brand's name and description, at their own path.
  head: ({ match, matches }): RouteHead =>
    routeHead(match.context.brand, { path: matches.at(-1)?.pathname ?? '/' }),
  component: RootLayout,
  notFoundComponent: PageNotFound,
});

function RootLayout() {
  const navbarOverlay = useMatches({
    select: (matches) => matches.some((match) => match.staticData.navbarOverlay),
  });
  // The player outlives every page: the music goes on while the visitor browses.
  return (
    <AppPlayerProvider>
      <SiteLayout navbarOverlay={navbarOverlay}>
        <Outlet />
      </SiteLayout>
      <PlayerDockOnDemand />
    </AppPlayerProvider>
  );
}
