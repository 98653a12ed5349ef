import { createApiClient, createQueries } from '@fansite/api-client';
import { loadBrand, resolveHost, siteUrl } from '@fansite/brand-config';
import { createRadio, listenerId } from '@fansite/player/radio';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSitesRouter } from './router.tsx';

const { host, protocol } = window.location;
// Public pages only: nobody signs in on a subscriber's site.
const apiClient = createApiClient({ getIdToken: async () => null });
const listener = listenerId(window.sessionStorage);
const radio = createRadio({
  fetchNowPlaying: (call) =>
    apiClient.request(call === 'get' ? 'radioGet' : 'radioSetNewSong', { listener }),
});

const router = createSitesRouter({
  brand: loadBrand(host),
  domainName: resolveHost(host).subdomain ?? '',
  mainSiteUrl: siteUrl(host, 'www', protocol),
  radioUrl: siteUrl(host, 'fm', protocol),
  queries: createQueries(apiClient),
  queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } }),
  radio,
  leaveTo: (url) => window.location.replace(url),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
