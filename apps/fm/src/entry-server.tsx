import { createApiClient } from '@fansite/api-client';
import { loadBrand } from '@fansite/brand-config';
import type { RadioNowPlaying } from '@fansite/contract';
import { createRadio, RADIO_STATE_ID } from '@fansite/player/radio';
import { carriedJsonScript, serverBuild } from '@fansite/ssr/server';
import { createFmRouter } from './router.tsx';

/**
 * The radio's server build (ARCHITECTURE.md, pages rendered on the server): its heading, controls
 * and styles in the host's brand, and the song playing now with the songs before it. The page
 * carries that answer; the browser shows it from the start and tunes in after hydration. If the
 * station cannot be read, the page says "Tuning in..." and the browser reads it.
 */
export const { render, pageAddress } = serverBuild({
  async page({ origin, host, history, fetch }) {
    // Read without a listener id: a page being rendered is nobody listening.
    const song: RadioNowPlaying | null = await createApiClient({ baseUrl: origin, fetch })
      .request('radioGet', {})
      .catch(() => null);
    // Never started on the server: the radio is tuned in from an effect, which the server skips.
    const radio = createRadio({
      fetchNowPlaying: () => Promise.reject(new Error('The radio is tuned in by the browser.')),
      song,
    });
    return {
      router: createFmRouter({ brand: loadBrand(host), radio, origin }, history),
      state: song ? carriedJsonScript(RADIO_STATE_ID, song) : '',
    };
  },
});
