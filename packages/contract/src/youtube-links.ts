/**
 * What a YouTube link people paste points at. One reader for every form that takes a YouTube link
 * (a site's channel, a promotion's channel and share link) and for the server that resolves a
 * channel: the browser and the server accept and refuse the same links. Builds no schema, so a
 * page can import it without zod.
 */

/** How a channel link names its channel; only `id` needs no look-up at YouTube. */
export type YouTubeChannelReference =
  | { by: 'id'; channelId: string }
  /** `youtube.com/@name`: what YouTube's address bar and share menu give today. */
  | { by: 'handle'; handle: string }
  /** `youtube.com/user/NAME`: the oldest channel names. */
  | { by: 'username'; username: string }
  /** `youtube.com/c/NAME` or `youtube.com/NAME`: custom addresses from before handles. */
  | { by: 'custom'; name: string };

export type YouTubeLink =
  | {
      kind: 'channel';
      channel: YouTubeChannelReference;
      /** The channel page's path on www.youtube.com (`/@name`, `/c/name`, ...), encoded. */
      pagePath: string;
    }
  | { kind: 'video'; videoId: string }
  | { kind: 'playlist'; playlistId: string }
  /** On YouTube, but neither a channel, a video nor a playlist (a search, the home page). */
  | { kind: 'other' };

export const YOUTUBE_CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const PLAYLIST_ID = /^[A-Za-z0-9_-]{2,64}$/;
/** Handles: 3 to 30 letters (any script), digits, underscores, hyphens and dots. */
const HANDLE = /^[\p{L}\p{M}\p{N}._-]{3,30}$/u;
const CHANNEL_NAME = /^[\p{L}\p{M}\p{N}._-]{1,100}$/u;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
]);
const SHORT_HOST = 'youtu.be';

/** Paths that take a video id as their second part. */
const VIDEO_PATHS = new Set(['shorts', 'embed', 'live', 'v', 'e']);

/**
 * First path parts that are YouTube's own pages, never a channel's custom address (the custom
 * address `youtube.com/NAME` is what is left).
 */
const YOUTUBE_PAGES = new Set([
  'about',
  'account',
  'ads',
  'api',
  'attribution_link',
  'browse',
  'c',
  'channel',
  'clip',
  'creators',
  'embed',
  'e',
  'explore',
  'feed',
  'gaming',
  'hashtag',
  'howyoutubeworks',
  'kids',
  'live',
  'logout',
  'music',
  'new',
  'oops',
  'playlist',
  'podcasts',
  'post',
  'premium',
  'redirect',
  'results',
  'search',
  'shorts',
  'signin',
  'source',
  't',
  'trending',
  'upload',
  'user',
  'v',
  'watch',
  'yt',
  'youtubei',
]);

function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** `prefix` is the path before the name (`/@`, `/c/`, ...); the name is encoded into it. */
const channelLink = (
  channel: YouTubeChannelReference,
  prefix: string,
  name: string,
): YouTubeLink => ({ kind: 'channel', channel, pagePath: `${prefix}${encodeURIComponent(name)}` });

/**
 * What the link points at, or null when it is not a YouTube link at all (another site, not a
 * link, not http or https). Hosts: youtube.com, www., m. and music., and youtu.be for videos.
 */
export function readYouTubeLink(link: string): YouTubeLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = decodedSegments(url.pathname);
  if (!segments) return null;
  const [first = '', second = ''] = segments;

  if (host === SHORT_HOST) {
    return VIDEO_ID.test(first) ? { kind: 'video', videoId: first } : { kind: 'other' };
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;

  const listId = url.searchParams.get('list');
  if (first === 'watch') {
    const videoId = url.searchParams.get('v') ?? '';
    if (VIDEO_ID.test(videoId)) return { kind: 'video', videoId };
    if (listId && PLAYLIST_ID.test(listId)) return { kind: 'playlist', playlistId: listId };
    return { kind: 'other' };
  }
  if (VIDEO_PATHS.has(first)) {
    return VIDEO_ID.test(second) ? { kind: 'video', videoId: second } : { kind: 'other' };
  }
  if (first === 'playlist') {
    return listId && PLAYLIST_ID.test(listId)
      ? { kind: 'playlist', playlistId: listId }
      : { kind: 'other' };
  }
  if (first === 'channel' || first === 'browse') {
    return YOUTUBE_CHANNEL_ID_PATTERN.test(second)
      ? channelLink({ by: 'id', channelId: second }, '/channel/', second)
      : { kind: 'other' };
  }
  if (first.startsWith('@')) {
    const handle = first.slice(1);
    return HANDLE.test(handle)
      ? channelLink({ by: 'handle', handle }, '/@', handle)
      : { kind: 'other' };
  }
  if (first === 'user') {
    return CHANNEL_NAME.test(second)
      ? channelLink({ by: 'username', username: second }, '/user/', second)
      : { kind: 'other' };
  }
  if (first === 'c') {
    return CHANNEL_NAME.test(second)
      ? channelLink({ by: 'custom', name: second }, '/c/', second)
      : { kind: 'other' };
  }
  if (first && !YOUTUBE_PAGES.has(first.toLowerCase()) && CHANNEL_NAME.test(first)) {
    return channelLink({ by: 'custom', name: first }, '/', first);
  }
  return { kind: 'other' };
}

export const YOUTUBE_CHANNEL_LINK_EXAMPLE = 'https://www.youtube.com/@yourname';
const PASTE_CHANNEL = `Paste your channel's link, such as ${YOUTUBE_CHANNEL_LINK_EXAMPLE}`;

/**
 * Why `link` is not a channel link, as a sentence that says what to paste instead; null when it
 * is one. A channel named by handle or custom address is checked with YouTube when it is saved.
 */
export function youtubeChannelLinkProblem(link: string): string | null {
  const read = readYouTubeLink(link);
  if (read?.kind === 'channel') return null;
  if (!read) return `${PASTE_CHANNEL}: this link is not on YouTube.`;
  if (read.kind === 'video') return `${PASTE_CHANNEL}: this link is to a video.`;
  if (read.kind === 'playlist') return `${PASTE_CHANNEL}: this link is to a playlist.`;
  return `${PASTE_CHANNEL}: this YouTube link does not name a channel.`;
}

/** Why `link` cannot be shared as a YouTube link (a video, short, playlist or channel); or null. */
export function youtubeShareLinkProblem(link: string): string | null {
  const read = readYouTubeLink(link);
  if (read && read.kind !== 'other') return null;
  const paste =
    'Paste a link to a YouTube video, playlist or channel, such as https://youtu.be/VIDEO_ID';
  return read
    ? `${paste}: this YouTube link names none of them.`
    : `${paste}: this link is not on YouTube.`;
}
