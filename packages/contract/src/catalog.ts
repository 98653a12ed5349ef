import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './constants.ts';
import {
  authTokenSchema,
  isoDateSchema,
  orderDirSchema,
  playlistIdSchema,
  textLine,
  youtubeIdSchema,
} from './primitives.ts';

export const playlistCardSchema = z.object({
  id: z.string(),
  category_name: z.string(),
  description: z.string(),
  /** Video id of the playlist's first song; its thumbnail stands in when image_url is empty. */
  youtube_url: z.string().nullable(),
  description_url: z.string().nullable(),
  special: z.boolean(),
  image_url: z.string().nullable(),
});
export type PlaylistCard = z.infer<typeof playlistCardSchema>;

/** `new` is the string 'true' for songs added recently, as the original contract has it. */
export const newFlagSchema = z.enum(['true', 'false']);

export const songSummarySchema = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  date_added: isoDateSchema,
  new: newFlagSchema,
  duration: z.number().int().nonnegative(),
});
export type SongSummary = z.infer<typeof songSummarySchema>;

export const songSchema = songSummarySchema.extend({
  description: z.string(),
  next: z.string().nullable(),
  next_title: z.string().nullable(),
  previous: z.string().nullable(),
  first_song: z.string(),
  favorite: z.boolean().optional(),
});
export type Song = z.infer<typeof songSchema>;

export const exploreItemSchema = z.object({
  /** The playlist the song is opened in. */
  id: z.string(),
  youtube_url: z.string(),
  title: z.string(),
  category_name: z.string(),
});
export type ExploreItem = z.infer<typeof exploreItemSchema>;

export const randomSongSchema = z.object({ youtube_url: z.string(), category_id: z.string() });
export type RandomSong = z.infer<typeof randomSongSchema>;

export const playlistAllQuerySchema = z.object({
  home: z
    .enum(['true', 'false'], { error: 'The home parameter must be true or false.' })
    .optional(),
  /** Without order the list is sorted by popularity; with it, by name. */
  order: orderDirSchema.optional(),
});
export type PlaylistAllQuery = z.infer<typeof playlistAllQuerySchema>;

export const playlistGetQuerySchema = z.object({ p: playlistIdSchema });
export type PlaylistGetQuery = z.infer<typeof playlistGetQuerySchema>;

export const playlistDetailSchema = z.object({
  playlist: z.object({ id: z.string(), category_name: z.string(), description: z.string() }),
  songs: z.array(songSummarySchema),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

/**
 * Songs a song page shows of its playlist: the Next card's and Up next's ten. Its HTML carries
 * these alone; the browser reads the whole playlist once the page shows.
 */
export const UP_NEXT_WINDOW = 11;

export const playlistUpNextQuerySchema = z.object({ p: playlistIdSchema, s: youtubeIdSchema });
export type PlaylistUpNextQuery = z.infer<typeof playlistUpNextQuerySchema>;

/**
 * The song and the `UP_NEXT_WINDOW` songs after it in play order: to the playlist's end, then
 * from its start again, as the player goes on after the last song.
 */
export const playlistUpNextSchema = z.object({ songs: z.array(songSummarySchema) });
export type PlaylistUpNext = z.infer<typeof playlistUpNextSchema>;

export const songGetQuerySchema = z.object({
  s: youtubeIdSchema,
  p: playlistIdSchema,
  firebase_auth_token: authTokenSchema.optional(),
});
export type SongGetQuery = z.infer<typeof songGetQuerySchema>;

export const songRandomQuerySchema = z.object({ p: playlistIdSchema.optional() });
export type SongRandomQuery = z.infer<typeof songRandomQuerySchema>;

export const songSearchQuerySchema = z.object({
  s: textLine('Please enter something to search for.')
    .trim()
    .min(1, 'Please enter something to search for.')
    .max(SEARCH_MAX_LENGTH, `A search has at most ${SEARCH_MAX_LENGTH} characters.`),
  orderBy: z
    .enum(['title', 'date_added'], { error: 'The order must be title or date_added.' })
    .default('title'),
  orderDir: orderDirSchema.default('ASC'),
  type: z.enum(['artist'], { error: 'The type must be artist when given.' }).optional(),
});
export type SongSearchQuery = z.input<typeof songSearchQuerySchema>;

export const searchResultsSchema = z.array(songSummarySchema);

/** song/search's input, plus where the page starts in the whole ordered result. */
export const songSearchPageQuerySchema = songSearchQuerySchema.extend({
  offset: z.coerce
    .number({ error: 'The offset must be a whole number from 0.' })
    .int('The offset must be a whole number from 0.')
    .min(0, 'The offset must be a whole number from 0.')
    .max(1_000_000, 'The offset is at most 1000000.')
    .default(0),
});
export type SongSearchPageQuery = z.input<typeof songSearchPageQuerySchema>;

/** One page of the matching songs and how many match in all. */
export const searchPageSchema = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  songs: z.array(songSummarySchema),
});
export type SearchPage = z.infer<typeof searchPageSchema>;
