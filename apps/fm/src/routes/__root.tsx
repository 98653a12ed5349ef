import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { FmContext } from '../router.tsx';

export const Route = createRootRouteWithContext<FmContext>()({
  component: Outlet,
});
