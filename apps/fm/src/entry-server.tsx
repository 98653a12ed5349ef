import { loadBrand } from '@fansite/brand-config';
import type { RenderedPage, RenderRequest } from '@fansite/contract';
import { createRadio } from '@fansite/player/radio';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createFmRouter } from './router.tsx';
import { radioHeadTags } from './ssr/head.ts';

/**
 * Renders the radio page for the server (ARCHITECTURE.md, pages rendered on the server): its heading,
 * controls and styles in the host's brand, with the station not yet tuned in. The song playing now
 * is per moment, so it is never in the HTML (which is cached per host); the browser tunes in after
 * hydration, into the space the page keeps for it.
 */
export async function render({ url, host, origin }: RenderRequest): Promise<RenderedPage> {
  const brand = loadBrand(host);
  // Never started on the server: the radio is tuned in from an effect, which renderToString skips.
  const radio = createRadio({
    fetchNowPlaying: () => Promise.reject(new Error('The radio is tuned in by the browser.')),
  });
  const router = createFmRouter(
    { brand, radio, origin },
    createMemoryHistory({ initialEntries: [url] }),
  );
  router.update({ ...router.options, isServer: true, origin, scrollRestoration: false });
  await router.load();

  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<RouterProvider router={router} />));
    return {
      status: 200,
      head: radioHeadTags(brand, origin) + sheet.getStyleTags(),
      html,
      state: '',
    };
  } finally {
    sheet.seal();
  }
}
