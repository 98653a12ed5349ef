import { playlistIdSchema, youtubeIdSchema } from '@fansite/contract';
import { z } from 'zod';

/**
 * The catalogue as a JSON file: what `catalog import` loads and what the demo generator produces.
 * Each playlist lists its songs in play order; a song's `category_id` is its home playlist.
 */
const catalogueSongSchema = z.object({
  youtube_id: youtubeIdSchema,
  title: z.string().trim().min(1).max(300),
  author_name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).default(''),
  date_added: z.iso.datetime({ offset: true }),
  new: z.boolean().default(false),
  /** Length in seconds; the radio needs it to know when a song ends. */
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600),
  category_id: playlistIdSchema,
});
export type CatalogueSong = z.infer<typeof catalogueSongSchema>;

const cataloguePlaylistSchema = z.object({
  id: playlistIdSchema,
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5_000).default(''),
  description_url: z.string().url().nullable().default(null),
  image_url: z.string().url().nullable().default(null),
  special: z.boolean().default(false),
  /** Shown in the home page grid. */
  home: z.boolean().default(false),
  /** Higher first in the default (Popular) order. */
  popularity: z.number().int().min(0).default(0),
  songs: z.array(youtubeIdSchema),
});
export type CataloguePlaylist = z.infer<typeof cataloguePlaylistSchema>;

export const catalogueFileSchema = z.object({
  playlists: z.array(cataloguePlaylistSchema),
  songs: z.array(catalogueSongSchema),
});
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
