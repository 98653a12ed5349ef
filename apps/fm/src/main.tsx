import { createApiClient } from '@fansite/api-client';
import { loadBrand } from '@fansite/brand-config';
import { createRadio, listenerId } from '@fansite/player/radio';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createFmRouter } from './router.tsx';

const apiClient = createApiClient({ getIdToken: async () => null });
const listener = listenerId(window.sessionStorage);
const radio = createRadio({
  fetchNowPlaying: (call) =>
    apiClient.request(call === 'get' ? 'radioGet' : 'radioSetNewSong', { listener }),
});

const router = createFmRouter({ brand: loadBrand(window.location.host), radio });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
