import { createApiClient, createQueries } from '@fansite/api-client';
import { loadBrand, resolveHost, siteUrl } from '@fansite/brand-config';
import { createRadio } from '@fansite/player/radio';
import { serverBuild } from '@fansite/ssr/server';
import { QueryClient } from '@tanstack/react-query';
import { createSitesRouter, queryClientOptions } from './router.tsx';

/**
 * A subscriber's site's server build (ARCHITECTURE.md, pages rendered on the server): the site's
 * name, uploads, links and texts, styled, in the host's brand, with the data it was rendered from.
 * A site that cannot be shown is left to the browser's app, which sends its visitor to the main
 * site; the server writes the site's preview tags itself.
 */
export const { render, pageAddress } = serverBuild({
  page({ origin, host, history, fetch }) {
    const { protocol } = new URL(origin);
    const queryClient = new QueryClient(queryClientOptions);
    const apiClient = createApiClient({ baseUrl: origin, fetch });
    let leaving = false;
    const router = createSitesRouter(
      {
        brand: loadBrand(host),
        domainName: resolveHost(host).subdomain ?? '',
        mainSiteUrl: siteUrl(host, 'www', protocol),
        radioUrl: siteUrl(host, 'fm', protocol),
        queries: createQueries(apiClient),
        queryClient,
        // Never started on the server: the widget tunes in from an effect, which the server skips.
        radio: createRadio({
          fetchNowPlaying: () => Promise.reject(new Error('The radio is tuned in by the browser.')),
        }),
        leaveTo: () => {
          leaving = true;
        },
      },
      history,
    );
    return { router, queryClient, leaving: () => leaving };
  },
});
