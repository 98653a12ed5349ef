import { createApiClient } from '@fansite/api-client';
import { bundledBrand } from '@fansite/brand-config';
import type { RadioNowPlaying } from '@fansite/contract';
import { createRadio, listenerId, RADIO_STATE_ID } from '@fansite/player/radio';
import { readCarriedJson, nextTask, startApp } from '@fansite/ssr/browser';
import { RouterProvider } from '@tanstack/react-router';

import { createFmRouter } from './router.tsx';

// The app's modules have just run, in one task; the app is made in the next one (see `nextTask`).
await nextTask();

const apiClient = createApiClient({ getIdToken: async () => null });
const listener = listenerId(window.sessionStorage);
const radio = createRadio({
  fetchNowPlaying: (call, ended) =>
    apiClient.request(call === 'get' ? 'radioGet' : 'radioSetNewSong', { listener, ended }),
  // The song the server rendered the page with: the first render must show what the page shows.
  song: readCarriedJson(RADIO_STATE_ID) as RadioNowPlaying | undefined,
});

const router = createFmRouter({
  // Checked by the server, which rendered this page with the same data (see `bundledBrand`).
  brand: bundledBrand(window.location.host),
  radio,
  origin: window.location.origin,
});

const root = document.getElementById('root');

/**
 * A page the server rendered (ARCHITECTURE.md, pages rendered on the server) is adopted by React:
 * the router resolves the same match first (the route's code is loaded), then the markup hydrates
 * and the radio tunes in.
 */
void startApp(root, <RouterProvider router={router} />, {
  rendered: root?.firstElementChild != null,
  router,
});
