import { carriedJsonScript, createApiClient } from '@fansite/api-client';
import { loadBrand } from '@fansite/brand-config';
import type { RadioNowPlaying, RenderedPage, RenderRequest } from '@fansite/contract';
import { createRadio, RADIO_STATE_ID } from '@fansite/player/radio';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createFmRouter } from './router.tsx';
import { radioHeadTags } from './ssr/head.ts';

/**
 * Renders the radio page for the server (ARCHITECTURE.md, pages rendered on the server): its heading,
 * controls and styles in the host's brand, and the song playing now with the songs before it. The
 * page carries that answer; the browser shows it from the start and tunes in after hydration. If
 * the station cannot be read, the page says "Tuning in..." and the browser reads it.
 */
export async function render({ url, host, origin, fetch }: RenderRequest): Promise<RenderedPage> {
  const brand = loadBrand(host);
  // Read without a listener id: a page being rendered is nobody listening.
  const song: RadioNowPlaying | null = await createApiClient({ baseUrl: origin, fetch })
    .request('radioGet', {})
    .catch(() => null);
  // Never started on the server: the radio is tuned in from an effect, which renderToString skips.
  const radio = createRadio({
    fetchNowPlaying: () => Promise.reject(new Error('The radio is tuned in by the browser.')),
    song,
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
      state: song ? carriedJsonScript(RADIO_STATE_ID, song) : '',
    };
  } finally {
    sheet.seal();
  }
}
