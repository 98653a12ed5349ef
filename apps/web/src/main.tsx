import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient, queries } from './lib/api.ts';
import { authService } from './lib/auth.ts';
import { brand } from './lib/brand.ts';
import { createAppRouter } from './router.tsx';

const queryClient = new QueryClient({
  // Catalog data changes rarely: going back to a page within a minute needs no new call.
  defaultOptions: { queries: { staleTime: 60_000 } },
});

const router = createAppRouter({ queryClient, apiClient, queries, brand, auth: authService });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
