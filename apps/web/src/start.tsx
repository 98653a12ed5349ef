import { ApiError } from '@fansite/api-client';
import { adoptCarriedState, nextTask, startApp } from '@fansite/ssr/browser';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { apiClient, queries } from './lib/api.ts';
import { authService } from './lib/auth.ts';
import { brand } from './lib/brand.ts';
import { createAppRouter } from './router.tsx';
import { queryClientOptions } from './ssr/client-state.ts';

// The app's modules have just run, in one task; the app is made in the next one (see `nextTask`).
await nextTask();

const queryClient = new QueryClient(queryClientOptions);

const router = createAppRouter({ queryClient, apiClient, queries, brand, auth: authService });

const root = document.getElementById('root');

/**
 * A page the server rendered carries the data it was rendered from (ARCHITECTURE.md, pages
 * rendered on the server): the cache starts from it, the router resolves the same matches (its
 * loaders find their data cached, and the route's code is loaded), and React adopts the markup.
 */
void startApp(root, <RouterProvider router={router} />, {
  rendered: adoptCarriedState(queryClient, {
    reviveError: ({ code, message }) => new ApiError(code ?? 0, message),
  }),
  router,
});
