import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * An answer shaped like YouTube's oEmbed JSON for a video (every field YouTube sends, as in its
 * documented answer for `https://www.youtube.com/oembed?url=...watch?v=ID&format=json`).
 */
function oembedAnswer(youtubeId: string, title: string, authorName: string) {
  return {
    title,
    author_name: authorName,
    author_url: `https://www.youtube.com/@${authorName.replace(/\W/g, '')}`,
    type: 'video',
    height: 113,
    width: 200,
    version: '1.0',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    thumbnail_height: 360,
    thumbnail_width: 480,
    thumbnail_url: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
    html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${youtubeId}?feature=oembed" frameborder="0" allowfullscreen title="${title}"></iframe>`,
  };
}

/** Videos the fake knows; any other id answers 404 "Not Found", as YouTube does. */
const FAKE_OEMBED_VIDEOS: Record<string, { title: string; author: string }> = {
  fakeOembed1: { title: 'Sky High (Nightcore Edit)', author: 'Elektronomia' },
  fakeOembed2: { title: 'Invincible', author: 'DEAF KEV' },
};
/** A video the fake calls private (YouTube answers 401 "Unauthorized"). */
export const FAKE_PRIVATE_VIDEO = 'fakePrivat3';

/** YouTube's oEmbed endpoint stands in for tests as this local server. */
export async function startFakeYouTubeOembed(port = 0) {
  const server = http.createServer((request, response) => {
    const asked = new URL(request.url ?? '/', 'http://fake').searchParams.get('url') ?? '';
    let id: string;
    try {
      id = new URL(asked).searchParams.get('v') ?? '';
    } catch {
      // Not a link: YouTube answers such a request with 400.
      response.writeHead(400).end('Bad Request');
      return;
    }
    if (id === FAKE_PRIVATE_VIDEO) {
      response.writeHead(401).end('Unauthorized');
      return;
    }
    const video = FAKE_OEMBED_VIDEOS[id];
    if (!video) {
      response.writeHead(404).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(oembedAnswer(id, video.title, video.author)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}/oembed`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (`tsx fake-youtube-oembed.ts PORT`) for the end-to-end tests' server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const oembed = await startFakeYouTubeOembed(Number(process.argv[2] ?? 0));
  console.warn(`fake YouTube oEmbed on ${oembed.url}`);
}
