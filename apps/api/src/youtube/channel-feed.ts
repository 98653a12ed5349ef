import { XMLParser } from 'fast-xml-parser';

/** YouTube's public feed of a channel's newest uploads (Atom, about the last 15 videos). */
export const DEFAULT_YOUTUBE_FEED_URL = 'https://www.youtube.com/feeds/videos.xml';
/** A channel's uploads are read at most once an hour (the spec's cache time). */
export const FEED_CACHE_MS = 60 * 60 * 1000;
/** After a failed read the last good copy is served, and the feed tried again this much later. */
const FEED_RETRY_MS = 5 * 60 * 1000;
/** A feed slower than this counts as failed: a site page must not wait on YouTube. */
const FEED_TIMEOUT_MS = 5_000;
/** Larger answers are not a channel feed; reading stops there. */
const MAX_FEED_BYTES = 1024 * 1024;

interface ChannelVideo {
  title: string;
  /** When YouTube published the video (ISO 8601). */
  date_added: string;
}

/** Video id -> title and date, newest first. */
export type ChannelVideos = Record<string, ChannelVideo>;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const CHANNEL_ID = /^UC[\w-]{22}$/;
const LEGACY_USER = /^[\w.-]{1,100}$/;

/**
 * The feed query of a channel link: `youtube.com/channel/UC...` gives `channel_id`, the older
 * `youtube.com/user/NAME` gives `user`. Handle links (`youtube.com/@name`) have no public feed
 * address without loading the channel page, so they (and anything that is not a YouTube channel
 * link) give null and the site shows no videos.
 */
export function channelFeedQuery(youtubeLink: string): URLSearchParams | null {
  let url: URL;
  try {
    url = new URL(youtubeLink);
  } catch {
    return null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const [kind, name] = url.pathname.split('/').filter(Boolean);
  if (kind === 'channel' && name && CHANNEL_ID.test(name)) {
    return new URLSearchParams({ channel_id: name });
  }
  if (kind === 'user' && name && LEGACY_USER.test(name)) {
    return new URLSearchParams({ user: name });
  }
  return null;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'entry',
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The videos of an Atom channel feed, newest first; throws on anything that is not one. */
export function parseChannelFeed(xml: string): ChannelVideos {
  const document = parser.parse(xml) as { feed?: { entry?: Record<string, unknown>[] } };
  if (!document.feed) throw new Error('not an Atom feed');
  const entries = (document.feed.entry ?? [])
    .map((entry) => ({
      id: text(entry['yt:videoId']),
      title: text(entry.title),
      date_added: text(entry.published),
    }))
    .filter((entry) => /^[\w-]{11}$/.test(entry.id) && !Number.isNaN(Date.parse(entry.date_added)))
    .sort((a, b) => Date.parse(b.date_added) - Date.parse(a.date_added));
  return Object.fromEntries(
    entries.map(({ id, title, date_added }) => [id, { title, date_added }]),
  );
}

export interface ChannelFeedReaderOptions {
  /** The feed endpoint; tests point it at a local server. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Told when a read fails; the reason never includes more than the feed address. */
  onError?: (feedUrl: string, error: unknown) => void;
}

interface CachedFeed {
  videos: ChannelVideos;
  /** When the copy should be read again. */
  refreshAt: number;
}

/**
 * Reads channels' upload feeds with an hour's cache. A read that fails (network, status, a body
 * that is not a feed) keeps the last good copy, or gives no videos when there is none: a
 * subscriber's site shows without its newest songs rather than not at all.
 */
export function createChannelFeedReader(options: ChannelFeedReaderOptions = {}) {
  const {
    baseUrl = DEFAULT_YOUTUBE_FEED_URL,
    fetch = globalThis.fetch,
    now = Date.now,
    timeoutMs = FEED_TIMEOUT_MS,
    onError,
  } = options;
  const cache = new Map<string, CachedFeed>();
  // Visitors arriving together while a copy is being read share that one read.
  const reading = new Map<string, Promise<ChannelVideos>>();

  async function download(feedUrl: string): Promise<ChannelVideos> {
    const response = await fetch(feedUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`feed answered ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_FEED_BYTES) throw new Error('feed too large');
    const body = await response.text();
    if (body.length > MAX_FEED_BYTES) throw new Error('feed too large');
    return parseChannelFeed(body);
  }

  async function refresh(feedUrl: string): Promise<ChannelVideos> {
    const previous = cache.get(feedUrl);
    try {
      const videos = await download(feedUrl);
      cache.set(feedUrl, { videos, refreshAt: now() + FEED_CACHE_MS });
      return videos;
    } catch (error) {
      onError?.(feedUrl, error);
      const videos = previous?.videos ?? {};
      cache.set(feedUrl, { videos, refreshAt: now() + FEED_RETRY_MS });
      return videos;
    }
  }

  return {
    /** The newest uploads of the channel a site's YouTube link names; never throws. */
    async videos(youtubeLink: string): Promise<ChannelVideos> {
      const query = channelFeedQuery(youtubeLink);
      if (!query) return {};
      const feedUrl = `${baseUrl}?${query}`;
      const cached = cache.get(feedUrl);
      if (cached && cached.refreshAt > now()) return cached.videos;
      let pending = reading.get(feedUrl);
      if (!pending) {
        pending = refresh(feedUrl).finally(() => reading.delete(feedUrl));
        reading.set(feedUrl, pending);
      }
      return pending;
    },
  };
}

export type ChannelFeedReader = ReturnType<typeof createChannelFeedReader>;
