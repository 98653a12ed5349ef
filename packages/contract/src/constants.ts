/**
 * The contract's plain values: response codes, special ids, topics and limits. Nothing here
 * builds a zod schema, so a page that needs only these values does not download zod (the schema
 * modules import them from here).
 */

// Envelope and codes -----------------------------------------------------------

export type Envelope<T> = { code: number; message: string; data: T };

/** Codes the server uses, as docs/calls.md lists them. */
export const ResponseCode = {
  ok: 200,
  siteNotActivated: 201,
  badInput: 400,
  unauthorized: 401,
  notSubscriber: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  tooManyRequests: 429,
  serverError: 500,
} as const;

// Catalogue ----------------------------------------------------------------

/** The special playlist id that plays through a signed-in user's favourites. */
export const FAVORITE_PLAYLIST_ID = 'favorite';

/** Playlist ids that get their own badge on a card. */
export const SPECIAL_PLAYLIST_IDS = { new: 'new', network: 'network' } as const;

/** Video ids are YouTube's 11 characters; playlist ids are lower-case slugs. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
export const PLAYLIST_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const PLAYLIST_ID_MAX_LENGTH = 64;

/** Whether a value, as an address carries it, names a video (the page shows 404 otherwise). */
export const isYoutubeId = (value: unknown): value is string =>
  typeof value === 'string' && YOUTUBE_ID_PATTERN.test(value);

/** Whether a value, as an address carries it, names a playlist. */
export const isPlaylistId = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= PLAYLIST_ID_MAX_LENGTH &&
  PLAYLIST_ID_PATTERN.test(value);

export const SEARCH_MAX_LENGTH = 100;

/** Songs per page of song/searchpage. */
export const SEARCH_PAGE_SIZE = 50;

// Contact ------------------------------------------------------------------

/** Topics a visitor can pick on the get-in-touch page, in the order the select shows them. */
export const CONTACT_TOPICS = [
  'request-song',
  'apply-member',
  'apply-academy',
  'bug-report',
  'advertisement',
  'business-inquiry',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The topic the song page uses to report a song; its message holds the song id and the reason. */
export const SONG_REPORT_TOPIC = 'song-report';

export const REPORT_REASON_MIN_LENGTH = 3;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** A subscriber's ticket for banner or channel artwork, made by the team (docs/product.md, screens). */
export const ARTWORK_TOPIC = 'artwork';

/** Every topic but request-song asks for a message. */
export const topicNeedsMessage = (topic: ContactTopic) => topic !== 'request-song';

// The team's console -----------------------------------------------------------

/** Where the team is with an inbox item. */
export const INBOX_STATES = ['new', 'in-progress', 'done'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** Items of the inbox and entries of the audit log per page. */
export const STAFF_PAGE_SIZE = 25;
export const STAFF_NOTE_MAX_LENGTH = 2000;

// Network and subscribers ----------------------------------------------------

export const MEMBERS_MAX_LIMIT = 10_000;

/** Names that can never be a subscriber's sub-domain. */
export const RESERVED_SUBDOMAINS = [
  'www',
  'fm',
  'dev',
  'api',
  'admin',
  'mail',
  'static',
  'cdn',
  'app',
  'assets',
  'auth',
  'help',
  'support',
  'status',
  'blog',
  'shop',
  'localhost',
  // A brand's name marks where a deployment's domain starts (brand-config, host routing).
  'nightcore',
  'slowedreverb',
] as const;

export const SOCIAL_LINK_FIELDS = [
  'youtube',
  'twitter',
  'patreon',
  'facebook',
  'instagram',
  'discord',
  'tiktok',
  'soundcloud',
  'rumble',
  'spotify',
] as const;
export type SocialLinkField = (typeof SOCIAL_LINK_FIELDS)[number];

/** The spec's limits for a subscriber's site: its newest uploads and the main site's playlists. */
export const SUBSCRIBER_SITE_MAX_VIDEOS = 8;
export const SUBSCRIBER_SITE_MAX_PLAYLISTS = 6;

// Song maker ---------------------------------------------------------------

export const MAKER_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAKER_SPEED_MIN = -100;
export const MAKER_SPEED_MAX = 100;
export const MAKER_FILE_TYPES = ['mp3', 'wav', 'pcm', 'aiff', 'aac', 'flac', 'alac'] as const;

/**
 * The playback rate a speed percentage stands for: 1 + p/100 when faster (up to twice as fast) and
 * 1 / (1 - p/100) when slower (down to half speed), so +25 and -25 undo each other.
 */
export function makerRate(speed: number): number {
  return speed >= 0 ? 1 + speed / 100 : 1 / (1 - speed / 100);
}

/** How long a converted song can be downloaded. */
export const MAKER_KEEP_DAYS = 7;
