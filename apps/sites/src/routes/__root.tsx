import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/site/NotFoundPage.tsx';
import type { SitesContext } from '../router.tsx';

export const Route = createRootRouteWithContext<SitesContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
