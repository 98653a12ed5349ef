import { readFileSync } from 'node:fs';

/** The fake player's script, served where YouTube's IFrame API script would be. */
export const fakeIframeApi = readFileSync(new URL('./iframe-api.js', import.meta.url), 'utf8');

/**
 * Keeps the page off YouTube: its IFrame API script is answered with the fake player, and every
 * other YouTube address (thumbnails, embeds) is refused, as if the site were offline.
 * @param {import('@playwright/test').Page} page
 */
export async function stubYouTube(page) {
  await page.route(
    /^https:\/\/([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com)\//,
    (route) =>
      route.request().url() === 'https://www.youtube.com/iframe_api'
        ? route.fulfill({ contentType: 'text/javascript', body: fakeIframeApi })
        : route.abort('blockedbyclient'),
  );
}

/** The fake player's state as YT.PlayerState numbers: 1 playing, 0 ended. */
export const PlayerState = { ENDED: 0, PLAYING: 1, PAUSED: 2 };

/**
 * What the fake player is doing: how many players were made, the video, its state, time, sound.
 * @param {import('@playwright/test').Page} page
 */
export function fakePlayer(page) {
  return page.evaluate(() => {
    const driver = window.__fakeYouTube;
    const player = driver?.players.at(-1);
    return {
      players: driver?.players.length ?? 0,
      videoId: player?.videoId ?? null,
      state: player?.state ?? null,
      time: player?.getCurrentTime() ?? null,
      muted: player?.muted ?? null,
      volume: player?.volume ?? null,
      loads: driver?.loads ?? [],
    };
  });
}

/** Plays the current video to its end. */
export const endVideo = (page) => page.evaluate(() => window.__fakeYouTube?.end());

/** Fails the current video with a YouTube error code. */
export const failVideo = (page, code) =>
  page.evaluate((errorCode) => window.__fakeYouTube?.fail(errorCode), code);

/** Makes a video fail with a YouTube error code whenever it is loaded from now on. */
export const markUnavailable = (page, videoId, code) =>
  page.evaluate(
    ([id, errorCode]) => window.__fakeYouTube?.markUnavailable(id, errorCode),
    [videoId, code],
  );
