import { readYouTubeLink, YOUTUBE_CHANNEL_ID_PATTERN } from '@fansite/contract';
import { EntityDecoder } from '@nodable/entities';
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

/**
 * The feed query of a site's channel: its channel id as resolved when the link was saved, else
 * what the link itself names (`/channel/UC...` gives `channel_id`, the older `/user/NAME` gives
 * `user`). A handle or custom link saved before links were resolved, or a link that is not a
 * channel's, gives null: no videos.
 */
export function channelFeedQuery(
  youtubeLink: string,
  channelId: string | null = null,
): URLSearchParams | null {
  if (channelId && YOUTUBE_CHANNEL_ID_PATTERN.test(channelId)) {
    return new URLSearchParams({ channel_id: channelId });
  }
  const read = readYouTubeLink(youtubeLink);
  if (read?.kind !== 'channel') return null;
  if (read.channel.by === 'id') return new URLSearchParams({ channel_id: read.channel.channelId });
  if (read.channel.by === 'username') return new URLSearchParams({ user: read.channel.username });
  return null;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'entry',
  // Text is decoded as a browser decodes XML: every numeric reference (YouTube writes an
  // apostrophe as &#39;) and the named entities XML defines. Entities a document declares
  // itself are not expanded.
  entityDecoder: new EntityDecoder({ numericAllowed: true, onInputEntity: () => 'block' }),
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
    /**
     * The newest uploads of a site's channel: the id resolved when its link was saved, else
     * the channel its link names; never throws.
     */
    async videos(youtubeLink: string, channelId: string | null = null): Promise<ChannelVideos> {
      const query = channelFeedQuery(youtubeLink, channelId);
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
