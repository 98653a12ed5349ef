import { z } from 'zod';
import {
  ARTWORK_TOPIC,
  CONTACT_TOPICS,
  INBOX_STATES,
  SONG_REPORT_TOPIC,
  STAFF_NOTE_MAX_LENGTH,
} from './constants.ts';
import {
  httpUrlSchema,
  playlistIdSchema,
  textBlock,
  textLine,
  youtubeIdSchema,
} from './primitives.ts';
import { tokenQuerySchema } from './community.ts';
import { endpoints } from './endpoints.ts';

/** A checkbox of a form: sent (with any value but 'false') when ticked, absent when not. */
const checkboxSchema = textLine()
  .optional()
  .transform((value) => value !== undefined && value !== 'false');

const pageSchema = z.coerce
  .number({ error: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'The page must be at least 1.')
  .max(100_000, 'The page must be at most 100000.')
  .default(1);

const idSchema = z.coerce
  .number({ error: 'An id is required.' })
  .int('An id is a whole number.')
  .min(1, 'An id is at least 1.')
  .max(Number.MAX_SAFE_INTEGER, 'There is no such id.');

/** The sentence's first word in capitals: 'a title' starts 'A title has at most…'. */
const capitalized = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

const requiredLine = (what: string, max: number) =>
  textLine(`Please enter ${what}.`)
    .trim()
    .min(1, `Please enter ${what}.`)
    .max(max, `${capitalized(what)} has at most ${max} characters.`);

const optionalUrlSchema = z.union([z.literal(''), httpUrlSchema]).optional();

// Inbox ----------------------------------------------------------------------

/** What an inbox item is: a song report, an artwork ticket or a get-in-touch topic. */
export const INBOX_KINDS = [SONG_REPORT_TOPIC, ARTWORK_TOPIC, ...CONTACT_TOPICS] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const inboxStateSchema = z.enum(INBOX_STATES, {
  error: `Please choose a state: ${INBOX_STATES.join(', ')}.`,
});

export const staffInboxQuerySchema = tokenQuerySchema.extend({
  kind: z.enum(INBOX_KINDS, { error: 'Please choose a kind from the list.' }).optional(),
  state: inboxStateSchema.optional(),
  page: pageSchema,
});

export const inboxSongSchema = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
});

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: inboxStateSchema,
  note: z.string(),
  email: z.string().nullable(),
  discord: z.string().nullable(),
  youtube_url: z.string().nullable(),
  message: z.string().nullable(),
  remember: z.boolean().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  /** The reported video of a song report. */
  reported_video: z.string().nullable(),
  /** The reported song as the catalogue has it now; null once it is gone from it. */
  song: inboxSongSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const staffInboxUpdateBodySchema = tokenQuerySchema.extend({
  id: idSchema,
  state: inboxStateSchema,
  note: textBlock()
    .trim()
    .max(STAFF_NOTE_MAX_LENGTH, `A note has at most ${STAFF_NOTE_MAX_LENGTH} characters.`)
    .default(''),
});

export const staffInboxItemBodySchema = tokenQuerySchema.extend({ id: idSchema });

// Catalogue ------------------------------------------------------------------

export const staffPlaylistSchema = z.object({
  id: z.string(),
  category_name: z.string(),
  description: z.string(),
  description_url: z.string().nullable(),
  image_url: z.string().nullable(),
  special: z.boolean(),
  home: z.boolean(),
  songs: z.number().int(),
});
export type StaffPlaylist = z.infer<typeof staffPlaylistSchema>;

export const staffPlaylistBodySchema = tokenQuerySchema.extend({
  id: playlistIdSchema,
  name: requiredLine('a name', 120),
  description: textBlock()
    .trim()
    .max(2000, 'A description has at most 2000 characters.')
    .default(''),
  description_url: optionalUrlSchema,
  image_url: optionalUrlSchema,
  special: checkboxSchema,
  home: checkboxSchema,
});

export const staffPlaylistIdBodySchema = tokenQuerySchema.extend({ id: playlistIdSchema });

export const moveDirectionSchema = z.enum(['up', 'down'], {
  error: 'The direction is up or down.',
});

export const staffPlaylistMoveBodySchema = staffPlaylistIdBodySchema.extend({
  direction: moveDirectionSchema,
});

export const staffPlaylistSongsQuerySchema = tokenQuerySchema.extend({ p: playlistIdSchema });

export const staffPlaylistSongSchema = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  /** The song's home playlist (its badge); it may be listed in others too. */
  category_id: z.string(),
  duration: z.number().int(),
});

export const staffPlaylistSongsSchema = z.object({
  playlist: staffPlaylistSchema,
  songs: z.array(staffPlaylistSongSchema),
});

/**
 * A YouTube video as staff paste it: a watch, short, embed or youtu.be link, or the bare id.
 * Returns the video id, or null.
 */
export function youtubeIdFromLink(value: string): string | null {
  const text = value.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:shorts|embed|live|v)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

export const videoLinkSchema = textLine('Please enter a YouTube link.')
  .trim()
  .max(500, 'A link has at most 500 characters.')
  .transform((value, ctx) => {
    const id = youtubeIdFromLink(value);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a YouTube video link (https://www.youtube.com/watch?v=...).',
      });
      return z.NEVER;
    }
    return id;
  });

export const staffSongLookupQuerySchema = tokenQuerySchema.extend({ url: videoLinkSchema });

export const songLookupSchema = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  thumbnail_url: z.string().nullable(),
});

/** A song's length as staff type it: seconds, or minutes and seconds (3:25). */
const durationSchema = textLine('Please enter a length.')
  .trim()
  .transform((value, ctx) => {
    const match = /^(?:(\d{1,3}):)?(\d{1,5})$/.exec(value);
    const seconds = match ? Number(match[1] ?? 0) * 60 + Number(match[2]) : NaN;
    if (!match || (match[1] !== undefined && Number(match[2]) > 59) || seconds < 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter the length in minutes and seconds, such as 3:25.',
      });
      return z.NEVER;
    }
    if (seconds > 6 * 3600) {
      ctx.addIssue({ code: 'custom', message: 'A song is at most 6 hours long.' });
      return z.NEVER;
    }
    return seconds;
  });

export const staffSongAddBodySchema = tokenQuerySchema.extend({
  url: videoLinkSchema,
  p: playlistIdSchema,
  title: requiredLine('a title', 200),
  author_name: requiredLine('an artist', 200),
  duration: durationSchema,
  description: textBlock()
    .trim()
    .max(5000, 'A description has at most 5000 characters.')
    .default(''),
});

export const staffSongBodySchema = tokenQuerySchema.extend({ s: youtubeIdSchema });

export const staffSongInPlaylistBodySchema = staffSongBodySchema.extend({ p: playlistIdSchema });

export const staffSongMoveBodySchema = staffSongInPlaylistBodySchema.extend({
  to: playlistIdSchema,
});

export const staffSongReorderBodySchema = staffSongInPlaylistBodySchema.extend({
  direction: moveDirectionSchema,
});

// News, network and supporters --------------------------------------------------

export const staffFeedItemSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  content: z.string(),
  url: z.string(),
});

export const staffFeedBodySchema = tokenQuerySchema.extend({
  /** Absent for a new item. */
  id: idSchema.optional(),
  image: httpUrlSchema,
  title: requiredLine('a title', 200),
  content: textBlock('Please enter some content.')
    .trim()
    .min(1, 'Please enter some content.')
    .max(20_000, 'The content has at most 20000 characters.'),
  url: httpUrlSchema,
});

export const staffIdBodySchema = tokenQuerySchema.extend({ id: idSchema });

export const staffMemberSchema = z.object({
  channel_id: z.string(),
  channel_name: z.string(),
  channel_pic: z.string(),
  subscribers: z.number().int(),
  views: z.number().int(),
});

const countSchema = (what: string) =>
  z.coerce
    .number({ error: `${capitalized(what)} must be a number.` })
    .int(`${capitalized(what)} must be a whole number.`)
    .min(0, `${capitalized(what)} cannot be negative.`)
    .max(1e15, `${capitalized(what)} is too large.`)
    .default(0);

const channelIdSchema = textLine('Please enter a channel id.')
  .trim()
  .regex(/^UC[A-Za-z0-9_-]{22}$/, 'A channel id starts with UC and has 24 characters.');

export const staffMemberBodySchema = tokenQuerySchema.extend({
  channel_id: channelIdSchema,
  channel_name: requiredLine('a channel name', 120),
  channel_pic: httpUrlSchema,
  subscribers: countSchema('subscribers'),
  views: countSchema('views'),
});

export const staffMemberIdBodySchema = tokenQuerySchema.extend({ channel_id: channelIdSchema });

export const staffTestimonialSchema = z.object({
  id: z.number().int(),
  channel_id: z.string(),
  channel_name: z.string(),
  channel_pic: z.string(),
  sub_tag: z.string(),
  testimonial: z.string(),
});

export const staffTestimonialBodySchema = tokenQuerySchema.extend({
  id: idSchema.optional(),
  channel_id: channelIdSchema,
  channel_name: requiredLine('a channel name', 120),
  channel_pic: httpUrlSchema,
  sub_tag: requiredLine('a tag', 60),
  testimonial: textBlock('Please enter a testimonial.')
    .trim()
    .min(1, 'Please enter a testimonial.')
    .max(2000, 'A testimonial has at most 2000 characters.'),
});

export const staffNetworkSchema = z.object({
  members: z.array(staffMemberSchema),
  testimonials: z.array(staffTestimonialSchema),
});

export const staffSubscriberSchema = z.object({
  email: z.string(),
  source: z.string(),
  since: z.string(),
  has_account: z.boolean(),
  domain_name: z.string().nullable(),
  site_enabled: z.boolean(),
});

export const staffSiteBodySchema = tokenQuerySchema.extend({
  domain_name: textLine('Please enter a domain name.')
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,63}$/, 'A domain name has only letters, digits and hyphens.'),
});

// Audit log ------------------------------------------------------------------

export const staffLogQuerySchema = tokenQuerySchema.extend({ page: pageSchema });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

// The calls --------------------------------------------------------------------

const noData = z.null();

/** The team's calls, added to `calls` (calls.ts); each answers 403 to anyone not on the team. */
export const staffCalls = {
  staffInbox: { ...endpoints.staffInbox, input: staffInboxQuerySchema, data: inboxPageSchema },
  staffInboxUpdate: {
    ...endpoints.staffInboxUpdate,
    input: staffInboxUpdateBodySchema,
    data: inboxItemSchema,
  },
  staffInboxRemoveSong: {
    ...endpoints.staffInboxRemoveSong,
    input: staffInboxItemBodySchema,
    data: inboxItemSchema,
  },
  staffPlaylists: {
    ...endpoints.staffPlaylists,
    input: tokenQuerySchema,
    data: z.array(staffPlaylistSchema),
  },
  staffPlaylistSongs: {
    ...endpoints.staffPlaylistSongs,
    input: staffPlaylistSongsQuerySchema,
    data: staffPlaylistSongsSchema,
  },
  staffPlaylistCreate: {
    ...endpoints.staffPlaylistCreate,
    input: staffPlaylistBodySchema,
    data: staffPlaylistSchema,
  },
  staffPlaylistUpdate: {
    ...endpoints.staffPlaylistUpdate,
    input: staffPlaylistBodySchema,
    data: staffPlaylistSchema,
  },
  staffPlaylistDelete: {
    ...endpoints.staffPlaylistDelete,
    input: staffPlaylistIdBodySchema,
    data: noData,
  },
  staffPlaylistMove: {
    ...endpoints.staffPlaylistMove,
    input: staffPlaylistMoveBodySchema,
    data: noData,
  },
  staffSongLookup: {
    ...endpoints.staffSongLookup,
    input: staffSongLookupQuerySchema,
    data: songLookupSchema,
  },
  staffSongAdd: {
    ...endpoints.staffSongAdd,
    input: staffSongAddBodySchema,
    data: staffPlaylistSongSchema,
  },
  staffSongMove: { ...endpoints.staffSongMove, input: staffSongMoveBodySchema, data: noData },
  staffSongReorder: {
    ...endpoints.staffSongReorder,
    input: staffSongReorderBodySchema,
    data: noData,
  },
  staffSongRemove: { ...endpoints.staffSongRemove, input: staffSongBodySchema, data: noData },
  staffFeed: {
    ...endpoints.staffFeed,
    input: tokenQuerySchema,
    data: z.array(staffFeedItemSchema),
  },
  staffFeedSave: {
    ...endpoints.staffFeedSave,
    input: staffFeedBodySchema,
    data: staffFeedItemSchema,
  },
  staffFeedDelete: { ...endpoints.staffFeedDelete, input: staffIdBodySchema, data: noData },
  staffNetwork: { ...endpoints.staffNetwork, input: tokenQuerySchema, data: staffNetworkSchema },
  staffMemberSave: {
    ...endpoints.staffMemberSave,
    input: staffMemberBodySchema,
    data: staffMemberSchema,
  },
  staffMemberDelete: {
    ...endpoints.staffMemberDelete,
    input: staffMemberIdBodySchema,
    data: noData,
  },
  staffTestimonialSave: {
    ...endpoints.staffTestimonialSave,
    input: staffTestimonialBodySchema,
    data: staffTestimonialSchema,
  },
  staffTestimonialDelete: {
    ...endpoints.staffTestimonialDelete,
    input: staffIdBodySchema,
    data: noData,
  },
  staffSubscribers: {
    ...endpoints.staffSubscribers,
    input: tokenQuerySchema,
    data: z.array(staffSubscriberSchema),
  },
  staffSiteDisable: { ...endpoints.staffSiteDisable, input: staffSiteBodySchema, data: noData },
  staffLog: { ...endpoints.staffLog, input: staffLogQuerySchema, data: auditPageSchema },
} as const;
