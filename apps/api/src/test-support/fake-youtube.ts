import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** A video as the fake feed lists it. */
export interface FakeFeedVideo {
  id: string;
  title: string;
  published: string;
}

/** Escaped as YouTube's feeds are: an apostrophe becomes a numeric reference, `&#39;`. */
const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The channel the fake feed and pages stand for. */
export const FAKE_CHANNEL_ID = 'UCfakeChannel000000000AA';

/**
 * A channel feed shaped like YouTube's (`feeds/videos.xml`): the head and entries of a captured
 * feed (jocmp/capyreader, rssparser/src/test/resources/atom-feed-youtube.xml), with our videos.
 */
export function atomChannelFeed(
  videos: readonly FakeFeedVideo[],
  channelId: string = FAKE_CHANNEL_ID,
): string {
  const channel = `https://www.youtube.com/channel/${channelId}`;
  const entries = videos
    .map(
      (video) => `
 <entry>
  <id>yt:video:${video.id}</id>
  <yt:videoId>${video.id}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${escapeXml(video.title)}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${video.id}"/>
  <author>
   <name>Fake Channel</name>
   <uri>${channel}</uri>
  </author>
  <published>${video.published}</published>
  <updated>${video.published}</updated>
  <media:group>
   <media:title>${escapeXml(video.title)}</media:title>
   <media:content url="https://www.youtube.com/v/${video.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/${video.id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${escapeXml(video.title)} &amp; its description</media:description>
   <media:community>
    <media:starRating count="12" average="5.00" min="1" max="5"/>
    <media:statistics views="345"/>
   </media:community>
  </media:group>
 </entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"/>
 <id>yt:channel:${channelId.slice(2)}</id>
 <yt:channelId>${channelId.slice(2)}</yt:channelId>
 <title>Fake Channel</title>
 <link rel="alternate" href="${channel}"/>
 <author>
  <name>Fake Channel</name>
  <uri>${channel}</uri>
 </author>
 <published>2008-02-16T12:15:11+00:00</published>${entries}
</feed>`;
}

/** Another channel's id, as a channel page names the channels it recommends. */
const RECOMMENDED_CHANNEL_ID = 'UCrecommended0000000000B';

/**
 * A channel page as www.youtube.com serves one, in the parts a reader looks at: its head names
 * the channel (canonical link, feed link, Open Graph address, microdata identifier, as pages
 * read by yt-dlp-like tools and by several channel-id finders show them), then a long body whose
 * data also names other channels (recommendations), past the first chunk a reader gets.
 */
export function channelPage(channelId: string, handle: string): string {
  const page = `https://www.youtube.com/channel/${channelId}`;
  const recommendations = Array.from(
    { length: 400 },
    (_, index) =>
      `{"gridChannelRenderer":{"channelId":"${RECOMMENDED_CHANNEL_ID}","title":{"simpleText":"Other ${index}"}}}`,
  ).join(',');
  return `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en-GB" system-icons typography typography-spacing><head><script data-id="_gd" nonce="fake">window.WIZ_global_data = {"HiPsbb":0};</script><meta http-equiv="origin-trial" content="fake"><script nonce="fake">var ytcfg={d:function(){return window.yt&&yt.config_||ytcfg.data_||(ytcfg.data_={})}};</script><title>Fake Channel - YouTube</title><link rel="canonical" href="${page}"><link rel="alternate" media="handheld" href="https://m.youtube.com/@${handle}"><link rel="alternate" type="application/rss+xml" title="RSS" href="https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"><meta property="og:title" content="Fake Channel"><meta property="og:url" content="${page}"><meta itemprop="identifier" content="${channelId}"></head><body dir="ltr"><script nonce="fake">var ytInitialData = {"contents":{"twoColumnBrowseResultsRenderer":{"tabs":[${recommendations}]}},"metadata":{"channelMetadataRenderer":{"title":"Fake Channel","externalId":"${channelId}","vanityChannelUrl":"http://www.youtube.com/@${handle}"}}};</script></body></html>`;
}

/** Twelve uploads a day apart, newest first: more than the eight a site shows. */
export const FAKE_CHANNEL_VIDEOS: FakeFeedVideo[] = Array.from({ length: 12 }, (_, index) => ({
  id: `fakeVideo${String(index).padStart(2, '0')}`,
  title: `Upload number ${index + 1} & more`,
  published: new Date(Date.UTC(2026, 0, 20 - index, 12)).toISOString(),
}));

/**
 * Channel pages the fake knows, by their path on www.youtube.com (lower case), and the channel
 * each names: a handle, a custom address, a `/c/` address and a legacy user name.
 */
export const FAKE_CHANNEL_PAGES: Record<string, string> = {
  '/@fakechannel': FAKE_CHANNEL_ID,
  '/fakechannelcustom': FAKE_CHANNEL_ID,
  '/c/fakechannelcustom': FAKE_CHANNEL_ID,
  '/user/fakechanneluser': FAKE_CHANNEL_ID,
  '/@corner': FAKE_CHANNEL_ID,
  '/@announce-000': FAKE_CHANNEL_ID,
};

/** The Data API's answer to a channels or search call: what the fake knows of `query`. */
function dataApiAnswer(path: string, query: URLSearchParams): unknown {
  const item = (id: string, customUrl: string) => ({
    kind: path.endsWith('/search') ? 'youtube#searchResult' : 'youtube#channel',
    etag: 'fake',
    id: path.endsWith('/search') ? { kind: 'youtube#channel', channelId: id } : id,
    snippet: { title: 'Fake Channel', customUrl },
  });
  const known = (pagePath: string) => FAKE_CHANNEL_PAGES[pagePath.toLowerCase()];
  let found: { id: string; customUrl: string } | undefined;
  const handle = query.get('forHandle');
  const username = query.get('forUsername');
  const q = query.get('q');
  const ids = query.get('id');
  if (handle) {
    const id = known(`/${handle.startsWith('@') ? handle : `@${handle}`}`);
    if (id) found = { id, customUrl: handle.toLowerCase() };
  } else if (username) {
    const id = known(`/user/${username}`);
    if (id) found = { id, customUrl: '@fakechannel' };
  } else if (q) {
    const id = known(`/${q}`);
    if (id) found = { id, customUrl: q.toLowerCase() };
  } else if (ids) {
    found = { id: ids.split(',')[0]!, customUrl: 'fakechannelcustom' };
  }
  return {
    kind: path.endsWith('/search') ? 'youtube#searchListResponse' : 'youtube#channelListResponse',
    etag: 'fake',
    pageInfo: { totalResults: found ? 1 : 0, resultsPerPage: 5 },
    ...(found ? { items: [item(found.id, found.customUrl)] } : {}),
  };
}

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

/** oEmbed's answer for the video of the link asked about, with YouTube's statuses. */
function answerOembed(url: URL, response: http.ServerResponse) {
  const asked = url.searchParams.get('url') ?? '';
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
}

/**
 * YouTube stands outside anything a test can rely on, so tests read it from this local server
 * instead. It answers every channel's feed (`/feeds/videos.xml`) with `videos`, the channel
 * pages of `FAKE_CHANNEL_PAGES` (404 for others), the Data API's channel look-ups
 * (`/youtube/v3/...`) and oEmbed (`/oembed`, the videos of `FAKE_OEMBED_VIDEOS`); or fails every
 * request with `failWith`.
 */
export async function startFakeYouTube(port = 0) {
  let videos: FakeFeedVideo[] = FAKE_CHANNEL_VIDEOS;
  let failWith: number | null = null;
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (failWith !== null) {
      response.writeHead(failWith).end('unavailable');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/feeds/videos.xml') {
      response.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
      response.end(atomChannelFeed(videos));
      return;
    }
    if (url.pathname === '/oembed') {
      answerOembed(url, response);
      return;
    }
    if (url.pathname.startsWith('/youtube/v3/')) {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(dataApiAnswer(url.pathname, url.searchParams)));
      return;
    }
    const pagePath = decodeURIComponent(url.pathname).toLowerCase();
    const channelId = FAKE_CHANNEL_PAGES[pagePath];
    if (!channelId) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><body>This page isn&#39;t available.</body></html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(channelPage(channelId, pagePath.replace(/^\/(@|c\/|user\/)?/, '')));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${boundPort}`;
  return {
    url: `${origin}/feeds/videos.xml`,
    oembedUrl: `${origin}/oembed`,
    /** Where the resolver reads channel pages and asks the Data API. */
    lookup: { pageBaseUrl: origin, apiBaseUrl: `${origin}/youtube/v3` },
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

// Run on its own (`tsx fake-youtube.ts PORT`) for the end-to-end tests' server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const youtube = await startFakeYouTube(Number(process.argv[2] ?? 0));
  console.warn(`fake YouTube on ${youtube.lookup.pageBaseUrl}`);
}
