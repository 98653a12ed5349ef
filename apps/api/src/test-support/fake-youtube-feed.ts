import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** A video as the fake feed lists it. */
export interface FakeFeedVideo {
  id: string;
  title: string;
  published: string;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A channel feed shaped like YouTube's (`feeds/videos.xml`), trimmed to what the reader uses. */
export function atomChannelFeed(videos: readonly FakeFeedVideo[]): string {
  const entries = videos
    .map(
      (video) => `
  <entry>
    <id>yt:video:${video.id}</id>
    <yt:videoId>${video.id}</yt:videoId>
    <title>${escapeXml(video.title)}</title>
    <link rel="alternate" href="https://www.youtube.com/watch?v=${video.id}"/>
    <published>${video.published}</published>
    <media:group><media:title>${escapeXml(video.title)}</media:title></media:group>
  </entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
  <title>Channel</title>${entries}
</feed>`;
}

/** Twelve uploads a day apart, newest first: more than the eight a site shows. */
export const FAKE_CHANNEL_VIDEOS: FakeFeedVideo[] = Array.from({ length: 12 }, (_, index) => ({
  id: `fakeVideo${String(index).padStart(2, '0')}`,
  title: `Upload number ${index + 1} & more`,
  published: new Date(Date.UTC(2026, 0, 20 - index, 12)).toISOString(),
}));

/**
 * YouTube's feed endpoint stands outside anything a test can rely on, so tests read channels from
 * this local server instead: it answers every channel with `videos`, or fails with `failWith`.
 */
export async function startFakeYouTubeFeed(port = 0) {
  let videos: FakeFeedVideo[] = FAKE_CHANNEL_VIDEOS;
  let failWith: number | null = null;
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (failWith !== null) {
      response.writeHead(failWith).end('unavailable');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
    response.end(atomChannelFeed(videos));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}/feeds/videos.xml`,
    requests,
    setVideos(next: FakeFeedVideo[]) {
      videos = next;
    },
    fail(status: number | null) {
      failWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (`tsx fake-youtube-feed.ts PORT`) for the end-to-end tests' server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const feed = await startFakeYouTubeFeed(Number(process.argv[2] ?? 0));
  console.warn(`fake YouTube feed on ${feed.url}`);
}
