import { createApiClient, createQueries } from '@fansite/api-client';
import { bundledBrand, resolveHost, siteUrl } from '@fansite/brand-config';
import { createRadio, listenerId } from '@fansite/player/radio';
import { adoptCarriedState, nextTask, startApp } from '@fansite/ssr/browser';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createSitesRouter, queryClientOptions } from './router.tsx';

// The app's modules have just run, in one task; the app is made in the next one (see `nextTask`).
await nextTask();

const { host, protocol } = window.location;
// Public pages only: nobody signs in on a subscriber's site.
const apiClient = createApiClient({ getIdToken: async () => null });
const listener = listenerId(window.sessionStorage);
const radio = createRadio({
  fetchNowPlaying: (call, ended) =>
    apiClient.request(call === 'get' ? 'radioGet' : 'radioSetNewSong', { listener, ended }),
});

const queryClient = new QueryClient(queryClientOptions);

const router = createSitesRouter({
  // Checked by the server, which rendered this page with the same data (see `bundledBrand`).
  brand: bundledBrand(host),
  domainName: resolveHost(host).subdomain ?? '',
  mainSiteUrl: siteUrl(host, 'www', protocol),
  radioUrl: siteUrl(host, 'fm', protocol),
  queries: createQueries(apiClient),
  queryClient,
  radio,
  leaveTo: (url) => window.location.replace(url),
});

const root = document.getElementById('root');

/**
 * A site the server rendered (ARCHITECTURE.md, pages rendered on the server) carries the data it
 * was rendered from: the cache starts from it, the router resolves the same match, and React adopts
 * the markup.
 */
void startApp(root, <RouterProvider router={router} />, {
  rendered: adoptCarriedState(queryClient),
  router,
});
