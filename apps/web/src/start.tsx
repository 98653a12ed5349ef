import { adoptCarriedState } from '@fansite/api-client';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { apiClient, queries } from './lib/api.ts';
import { authService } from './lib/auth.ts';
import { brand } from './lib/brand.ts';
import { createAppRouter } from './router.tsx';
import { queryClientOptions } from './ssr/client-state.ts';

const queryClient = new QueryClient(queryClientOptions);

const router = createAppRouter({ queryClient, apiClient, queries, brand, auth: authService });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * A page the server rendered carries the data it was rendered from (ARCHITECTURE.md, pages
 * rendered on the server): the cache starts from it, the router resolves the same matches (its
 * loaders find their data cached, and the route's code is loaded), and React adopts the markup.
 */
async function start(container: HTMLElement) {
  if (!adoptCarriedState(queryClient)) {
    createRoot(container).render(app);
    return;
  }
  // The server rendered without suspense at the root; the first client render must match it.
  router.ssr = { manifest: undefined };
  await router.load();
  // Hydrated as a transition, React adopts the page in slices of a few milliseconds instead of one
  // long task: the phone stays responsive while it does, and a tap on a part not yet hydrated
  // hydrates that part first.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void start(root);
