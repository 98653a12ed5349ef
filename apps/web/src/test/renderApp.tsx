import { createApiClient, createQueries } from '@fansite/api-client';
import type { AuthService } from '@fansite/auth';
import { createFakeAuthService } from '@fansite/auth/testing';
import { type BrandConfig, nightcore } from '@fansite/brand-config';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createAppRouter } from '../router.tsx';
import { createFakeFetch, type FakeApi } from './fakeApi.ts';
import { FakeIntersectionObserver } from './intersectionObserver.ts';

// The app fetches the player's dock when it is first shown. Tests load it here, before their
// clocks start, so that a busy machine compiling it for the first time does not use up the wait of
// the `findBy` that looks for the player bar.
await import('../lib/player/PlayerDock.tsx');

export interface RenderAppOptions {
  api?: FakeApi;
  brand?: BrandConfig;
  /** The identity service; a fake with no one signed in by default. */
  auth?: AuthService;
  /** What the query cache holds before the app starts (the state a rendered page carried). */
  carried?: (queryClient: QueryClient, queries: ReturnType<typeof createQueries>) => void;
}

/** Renders the whole app at `path`, against a fake API, as a visitor would open it. */
export function renderApp(
  path: string,
  { api = {}, brand = nightcore, auth = createFakeAuthService(), carried }: RenderAppOptions = {},
) {
  // The router restores scroll positions on navigation; jsdom has no scrolling to restore.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const { fetch, requests } = createFakeFetch(api);
  const apiClient = createApiClient({
    baseUrl: 'http://site.test',
    fetch,
    getIdToken: () => auth.getIdToken(),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queries = createQueries(apiClient);
  carried?.(queryClient, queries);
  const router = createAppRouter(
    { queryClient, apiClient, queries, brand, auth },
    createMemoryHistory({ initialEntries: [path] }),
  );
  render(<RouterProvider router={router} />);
  /** The API calls made to `path` (e.g. '/playlist/all'), as URLs. */
  const requestsTo = (apiPath: string) =>
    requests.filter((url) => url.pathname === `/api/v1${apiPath}`);
  return { router, requestsTo, queryClient };
}
