import { z } from 'zod';
import {
  MAKER_SPEED_MAX,
  MAKER_SPEED_MIN,
  MEMBERS_MAX_LIMIT,
  RESERVED_SUBDOMAINS,
  SOCIAL_LINK_FIELDS,
  type SocialLinkField,
} from './constants.ts';
import {
  authTokenSchema,
  emailSchema,
  httpUrlSchema,
  isoDateSchema,
  playlistIdSchema,
  textBlock,
  textLine,
  youtubeChannelLinkSchema,
  youtubeIdSchema,
  youtubeShareLinkSchema,
} from './primitives.ts';
import { songSchema } from './catalog.ts';

// Favourites ---------------------------------------------------------------

export const tokenQuerySchema = z.object({ firebase_auth_token: authTokenSchema.optional() });

export const favoriteGetQuerySchema = tokenQuerySchema.extend({ s: youtubeIdSchema });
export const favoriteChangeBodySchema = tokenQuerySchema.extend({ s: youtubeIdSchema });
export const favoriteSongSchema = songSchema;
export const favoriteRandomSchema = z.object({ youtube_id: z.string() });
export const favoriteLatestSchema = z.object({ youtube_url: z.string() });
export const favoriteListSchema = z.object({
  songs: z.array(
    songSchema.omit({ next: true, next_title: true, previous: true, first_song: true }),
  ),
});

// Network ------------------------------------------------------------------

export const memberSchema = z.object({
  channel_id: z.string(),
  channel_name: z.string(),
  channel_pic: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberStatsSchema = z.object({
  members: z.number().int(),
  subs: z.number().int(),
  views: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const memberAllQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(MEMBERS_MAX_LIMIT, `The limit must be at most ${MEMBERS_MAX_LIMIT}.`)
    .optional(),
});

export const testimonialSchema = memberSchema.extend({
  sub_tag: z.string(),
  testimonial: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const supporterSchema = z.object({
  domain_name: z.string(),
  name: z.string(),
  profile_pic: z.string(),
});
export type Supporter = z.infer<typeof supporterSchema>;

export const feedItemSchema = z.object({
  image: z.string(),
  title: z.string(),
  /** HTML; sanitized before it is rendered. */
  content: z.string(),
  url: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

// Subscriber sites -----------------------------------------------------------

export const domainNameSchema = textLine('Please enter a domain name.')
  .trim()
  .toLowerCase()
  .min(3, 'A domain name has at least 3 characters.')
  .max(30, 'A domain name has at most 30 characters.')
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'A domain name has only letters, digits and inner hyphens.',
  )
  .refine(
    (name) => !(RESERVED_SUBDOMAINS as readonly string[]).includes(name),
    'This domain name is reserved. Please choose another.',
  );

const socialLinks = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(SOCIAL_LINK_FIELDS.map((field) => [field, schema])) as Record<
    SocialLinkField,
    T
  >;

export const subscriberWebsiteSchema = z.object({
  id: z.number().int(),
  enabled: z.string(),
  domain_name: z.string(),
  name: z.string(),
  subtitle: z.string(),
  form_mail: z.string(),
  about_me: z.string(),
  social_text: z.string(),
  banner_url: z.string(),
  ...socialLinks(z.string()),
});

/**
 * What a subscriber's site shows to anyone: the website record without the fields only its owner
 * sees (form_mail, where the site's messages go).
 */
export const subscriberSitePublicSchema = subscriberWebsiteSchema.omit({ form_mail: true });
export type SubscriberSitePublic = z.infer<typeof subscriberSitePublicSchema>;

export const subscriberInfoQuerySchema = z.object({ domain_name: domainNameSchema });
export const subscriberInfoSchema = z.object({
  /** The channel's newest uploads by video id; `date_added` is when YouTube published them. */
  videos: z.record(z.string(), z.object({ title: z.string(), date_added: isoDateSchema })),
  /** Main-site playlists: `url` is the playlist page's path on the main site. */
  playlists: z.array(z.object({ url: z.string(), title: z.string(), thumbnail: z.string() })),
  profile_pic: z.string(),
  data: subscriberSitePublicSchema,
});
export type SubscriberInfo = z.infer<typeof subscriberInfoSchema>;

export const websiteActivateQuerySchema = tokenQuerySchema.extend({
  domain_name: domainNameSchema,
});

const optionalUrl = z.union([httpUrlSchema, z.literal('')]).optional();
export const websiteSaveBodySchema = z.object({
  firebase_auth_token: authTokenSchema.optional(),
  domain_name: domainNameSchema,
  name: textLine('Please enter a name.')
    .trim()
    .min(1, 'Please enter a name.')
    .max(80, 'A name has at most 80 characters.'),
  subtitle: textLine().trim().max(160, 'A subtitle has at most 160 characters.').optional(),
  form_mail: emailSchema.optional(),
  about_me: textBlock().trim().max(5000, 'About me has at most 5000 characters.').optional(),
  social_text: textBlock()
    .trim()
    .max(1000, 'The social text has at most 1000 characters.')
    .optional(),
  ...socialLinks(optionalUrl),
  // The YouTube link is the one social link a site must have: the channel whose uploads it shows.
  youtube: youtubeChannelLinkSchema,
});

// Account ------------------------------------------------------------------

export const accountInfoSchema = z.object({
  discord: z.string().nullable(),
  discord_id: z.string().nullable(),
  /** The server's record of whether this person subscribes: the account sidebar shows the perks. */
  subscriber: z.boolean(),
  /** Whether this person is on the team: the account menu then shows the Team entry. */
  staff: z.boolean(),
  /** False when the server has no Discord application configured: no link button is offered. */
  discord_linking: z.boolean(),
});

/** Where the visitor comes back to after Discord; only the site's own hosts are accepted. */
export const discordAuthorizeQuerySchema = tokenQuerySchema.extend({
  return_to: z.string().max(500, 'A return address has at most 500 characters.').optional(),
});
/** The Discord authorization address to send the browser to (it carries a one-time state). */
export const discordAuthorizeSchema = z.object({ url: z.string() });

// Promotion ----------------------------------------------------------------

export const promotionSchema = z.object({
  youtube_channel: z.string(),
  youtube_share: z.string(),
  promotion_calendar: z.array(z.object({ date: isoDateSchema })),
});
/** The channel of the day on the home and network pages; null when nobody is scheduled. */
export const channelOfTheDaySchema = z
  .object({ youtube_channel: z.string(), date: isoDateSchema })
  .nullable();
export type ChannelOfTheDay = z.infer<typeof channelOfTheDaySchema>;

export const promotionSaveBodySchema = z.object({
  firebase_auth_token: authTokenSchema.optional(),
  youtube_channel: youtubeChannelLinkSchema,
  youtube_share: youtubeShareLinkSchema,
});

// Song maker ---------------------------------------------------------------

export const makerSpeedSchema = z.coerce
  .number({ error: 'The speed must be a number.' })
  .int('The speed must be a whole number.')
  .min(MAKER_SPEED_MIN, `The speed must be at least ${MAKER_SPEED_MIN}.`)
  .max(MAKER_SPEED_MAX, `The speed must be at most ${MAKER_SPEED_MAX}.`);

/** A random id the page gives its conversion, to ask how far it has got while it waits. */
export const makerJobSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'A job id has 8 to 64 letters, digits or hyphens.');

/**
 * The multipart form of POST /make/convert. The server reads it as a stream and checks it itself
 * (size while streaming, type from the first bytes, speed); this schema types the browser's side.
 */
export const makeConvertFormSchema = tokenQuerySchema.extend({
  speed: makerSpeedSchema,
  job: makerJobSchema.optional(),
  file: z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
    error: 'Please choose a song file.',
  }),
});

export const makeProgressQuerySchema = tokenQuerySchema.extend({ job: makerJobSchema });

/** How far a conversion has got: waiting for a free slot, then converting. */
export const conversionProgressSchema = z.object({
  stage: z.enum(['waiting', 'converting']),
  percent: z.number().int().min(0).max(100),
});
export type ConversionProgress = z.infer<typeof conversionProgressSchema>;

export const conversionHistoryEntrySchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  /** Size in bytes of the converted file. */
  file_size: z.number().int(),
  created: isoDateSchema,
  /** Converted files are kept for a week; the entry stays after its file is removed. */
  expired: z.boolean(),
  /** The link that downloads the converted song (as make/convert gave it) until it expires. */
  download_link: z.string().nullable(),
});
export type ConversionHistoryEntry = z.infer<typeof conversionHistoryEntrySchema>;
/** A link that downloads the converted song (relative to the site), valid while the file is kept. */
export const conversionLinkSchema = z.string();

// Radio --------------------------------------------------------------------

/** The station that plays the playlist of newcomer (Academy) channels, next to the main one. */
export const radioQuerySchema = z.object({
  newcomers_id: playlistIdSchema.optional(),
  /** A random id a listener's page keeps for its visit, so listeners are counted, not requests. */
  listener: textLine()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'A listener id has 8 to 64 letters, digits or hyphens.')
    .optional(),
  /**
   * On `setnewsong`, the song that ended for this listener: a call for the song that is ending,
   * or has just been replaced, is answered without counting against the early-call limit.
   */
  ended: youtubeIdSchema.optional(),
});

export const radioSongSchema = z.object({
  youtube_url: z.string(),
  start_time: isoDateSchema,
  title: z.string(),
  author_name: z.string(),
  category_name: z.string(),
  category_id: z.string(),
});

export const radioNowPlayingSchema = radioSongSchema.extend({
  /** Seconds; the song ends at start_time + duration. */
  duration: z.number().int(),
  /** The server's clock when it answered, so listeners align on it rather than on their own. */
  server_time: isoDateSchema,
  /**
   * The server's clock when the request reached it: the time it took to answer is then known,
   * and a listener's clock is not made less sure by it (only the network's time is).
   */
  received_time: isoDateSchema,
  /** Listeners heard from in the last few polls. */
  listeners: z.number().int(),
  /** The songs played before this one, newest first. */
  last_played: z.array(radioSongSchema),
});
export type RadioNowPlaying = z.infer<typeof radioNowPlayingSchema>;
