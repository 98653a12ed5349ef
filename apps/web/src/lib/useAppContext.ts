import { rootRouteId, useRouteContext } from '@tanstack/react-router';

/** The app's context (API, queries, brand) from any component rendered by a route. */
export function useAppContext() {
  return useRouteContext({ from: rootRouteId });
}
