import { carriedStateScript, createApiClient, createQueries } from '@fansite/api-client';
import { loadBrand, resolveHost, siteUrl } from '@fansite/brand-config';
import type { RenderedPage, RenderRequest } from '@fansite/contract';
import { createRadio } from '@fansite/player/radio';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createSitesRouter, queryClientOptions } from './router.tsx';

/**
 * Renders a subscriber's site for the server (ARCHITECTURE.md, pages rendered on the server): the
 * site's name, uploads, links and texts, styled, in the host's brand, with the data it was
 * rendered from. A site that cannot be shown is left to the browser's app, which sends its visitor
 * to the main site; the server writes the site's preview tags itself.
 */
export async function render({ url, host, origin, fetch }: RenderRequest): Promise<RenderedPage> {
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
      // Never started on the server: the widget tunes in from an effect, which renderToString skips.
      radio: createRadio({
        fetchNowPlaying: () => Promise.reject(new Error('The radio is tuned in by the browser.')),
      }),
      leaveTo: () => {
        leaving = true;
      },
    },
    createMemoryHistory({ initialEntries: [url] }),
  );
  router.update({ ...router.options, isServer: true, origin, scrollRestoration: false });
  await router.load();
  const result = router._serverResult;
  if (leaving || result?.type === 'redirect') return { status: 200, head: '', html: '', state: '' };

  const notFound =
    result?.status === 404 || router.state.matches.some((match) => match.status === 'notFound');
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<RouterProvider router={router} />));
    return {
      status: notFound ? 404 : 200,
      head: sheet.getStyleTags(),
      html,
      state: carriedStateScript(queryClient),
    };
  } finally {
    sheet.seal();
    queryClient.clear();
  }
}
