import {
  readYouTubeLink,
  YOUTUBE_CHANNEL_ID_PATTERN,
  type YouTubeChannelReference,
} from '@fansite/contract';

/** Where channel pages are read from when a link names a channel by handle or custom address. */
export const DEFAULT_YOUTUBE_PAGE_URL = 'https://www.youtube.com';
/** The YouTube Data API, asked first when a key is configured. */
export const DEFAULT_YOUTUBE_API_URL = 'https://www.googleapis.com/youtube/v3';
/** A save waits this long at most for YouTube (each of the API and the page). */
const RESOLVE_TIMEOUT_MS = 5_000;
/**
 * A channel page is over a megabyte, its canonical link in the first tens of kilobytes: reading
 * stops once the id is found, and here at the latest.
 */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Matches are looked for across chunk boundaries within this many characters. */
const MATCH_OVERLAP = 400;

export type ChannelResolution =
  | { outcome: 'found'; channelId: string }
  /** YouTube answered, and there is no such channel (or the link names none). */
  | { outcome: 'not-found' }
  /** YouTube could not be asked (network, time-out, an error page): try again later. */
  | { outcome: 'unreachable' };

const ID = '(UC[A-Za-z0-9_-]{22})';
/**
 * Where a channel page names its own channel, surest first: the canonical link and the feed link
 * (in the head), Open Graph's address, the microdata identifier, then the page's data (whose
 * first `channelId` could be another channel's, so it is the last resort).
 */
const PAGE_OWN_CHANNEL_ID_PATTERNS = [
  new RegExp(`<link rel="canonical" href="https?://(?:www\\.)?youtube\\.com/channel/${ID}"`),
  new RegExp(
    `<link rel="alternate" type="application/rss\\+xml" title="RSS" href="[^"]*channel_id=${ID}"`,
  ),
  new RegExp(`<meta property="og:url" content="https?://(?:www\\.)?youtube\\.com/channel/${ID}"`),
  new RegExp(`<meta itemprop="(?:identifier|channelId)" content="${ID}"`),
];
const PAGE_DATA_CHANNEL_ID_PATTERNS = [
  new RegExp(`"externalId":"${ID}"`),
  new RegExp(`"channelId":"${ID}"`),
];

/** The channel id a channel page names, or null; exported for the tests of real pages. */
export function channelIdInPage(html: string): string | null {
  for (const pattern of [...PAGE_OWN_CHANNEL_ID_PATTERNS, ...PAGE_DATA_CHANNEL_ID_PATTERNS]) {
    const match = pattern.exec(html);
    if (match) return match[1]!;
  }
  return null;
}

export interface ChannelResolverOptions {
  /** www.youtube.com; tests point it at a local fake. */
  pageBaseUrl?: string;
  apiBaseUrl?: string;
  /** A YouTube Data API key; without it only channel pages are read. */
  apiKey?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Told why YouTube could not be asked; never given an address (the API's carries the key). */
  onError?: (source: 'api' | 'page', reason: string) => void;
}

class Unreachable extends Error {}

const reasonOf = (error: unknown) =>
  error instanceof Error
    ? `${error.name}${error instanceof Unreachable ? `: ${error.message}` : ''}`
    : 'unknown';

/**
 * Finds the channel id (`UC...`) a channel link names: handles (`/@name`), legacy user names,
 * `/c/NAME` and custom addresses have no feed of their own, so they are looked up once, when the
 * link is saved. With an API key the Data API is asked first; the channel page is read otherwise,
 * and whenever the API has no answer.
 */
export function createChannelResolver(options: ChannelResolverOptions = {}) {
  const {
    pageBaseUrl = DEFAULT_YOUTUBE_PAGE_URL,
    apiBaseUrl = DEFAULT_YOUTUBE_API_URL,
    apiKey,
    fetch = globalThis.fetch,
    timeoutMs = RESOLVE_TIMEOUT_MS,
    onError,
  } = options;

  async function apiGet(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(`${apiBaseUrl.replace(/\/$/, '')}/${path}`);
    for (const [name, value] of Object.entries({ ...query, key: apiKey! })) {
      url.searchParams.set(name, value);
    }
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Unreachable(`the Data API answered ${response.status}`);
    return response.json();
  }

  const itemIds = (answer: unknown): string[] =>
    ((answer as { items?: { id?: unknown }[] }).items ?? [])
      .map((item) =>
        typeof item.id === 'string' ? item.id : (item.id as { channelId?: unknown })?.channelId,
      )
      .filter((id): id is string => typeof id === 'string' && YOUTUBE_CHANNEL_ID_PATTERN.test(id));

  /**
   * The Data API's answer: `forHandle` for handles (and for custom names, most of which became
   * the channel's handle), `forUsername` for user names, and for other custom names a channel
   * search whose results must carry that very custom address (a search alone matches titles).
   */
  async function askApi(channel: YouTubeChannelReference): Promise<string | null> {
    if (channel.by === 'id') return channel.channelId;
    if (channel.by === 'username') {
      return (
        itemIds(await apiGet('channels', { part: 'id', forUsername: channel.username }))[0] ?? null
      );
    }
    const handle = channel.by === 'handle' ? channel.handle : channel.name;
    const byHandle = itemIds(await apiGet('channels', { part: 'id', forHandle: `@${handle}` }))[0];
    if (byHandle || channel.by === 'handle') return byHandle ?? null;
    const found = itemIds(
      await apiGet('search', { part: 'id', type: 'channel', q: channel.name, maxResults: '5' }),
    );
    if (found.length === 0) return null;
    const details = (await apiGet('channels', { part: 'snippet', id: found.join(',') })) as {
      items?: { id?: string; snippet?: { customUrl?: string } }[];
    };
    const wanted = channel.name.toLowerCase();
    const match = (details.items ?? []).find((item) => {
      const custom = (item.snippet?.customUrl ?? '').toLowerCase().replace(/^@/, '');
      return custom === wanted;
    });
    return match?.id && YOUTUBE_CHANNEL_ID_PATTERN.test(match.id) ? match.id : null;
  }

  /** Reads the channel page until it names its channel; null when YouTube has no such page. */
  async function readPage(pagePath: string): Promise<string | null> {
    const response = await fetch(`${pageBaseUrl.replace(/\/$/, '')}${pagePath}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        accept: 'text/html',
        'accept-language': 'en',
        // Declines the cookie banner that YouTube shows some regions instead of the page.
        cookie: 'SOCS=CAI',
      },
    });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok || !response.body)
      throw new Unreachable(`the page answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let read = 0;
    let text = '';
    let fallback: string | null = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        read += value.byteLength;
        // Only the part not searched yet, with enough before it for a match across chunks.
        text = text.slice(-MATCH_OVERLAP) + decoder.decode(value, { stream: true });
        for (const pattern of PAGE_OWN_CHANNEL_ID_PATTERNS) {
          const match = pattern.exec(text);
          if (match) return match[1]!;
        }
        fallback ??= channelIdInPage(text);
        if (read >= MAX_PAGE_BYTES) break;
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
    return fallback;
  }

  return {
    /** The channel `link` names; never throws. */
    async resolve(link: string): Promise<ChannelResolution> {
      const read = readYouTubeLink(link);
      if (read?.kind !== 'channel') return { outcome: 'not-found' };
      if (read.channel.by === 'id') return { outcome: 'found', channelId: read.channel.channelId };
      if (apiKey) {
        try {
          const channelId = await askApi(read.channel);
          if (channelId) return { outcome: 'found', channelId };
        } catch (error) {
          // The page may still answer (a spent quota, a key refused).
          onError?.('api', reasonOf(error));
        }
      }
      try {
        const channelId = await readPage(read.pagePath);
        return channelId ? { outcome: 'found', channelId } : { outcome: 'not-found' };
      } catch (error) {
        onError?.('page', reasonOf(error));
        return { outcome: 'unreachable' };
      }
    },
  };
}

export type ChannelResolver = ReturnType<typeof createChannelResolver>;
