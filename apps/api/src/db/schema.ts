import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const playlists = pgTable(
  'playlists',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    descriptionUrl: text('description_url'),
    imageUrl: text('image_url'),
    special: boolean('special').notNull().default(false),
    /** Shown in the home page grid. */
    home: boolean('home').notNull().default(false),
    /** Higher first in the default (Popular) order. */
    popularity: integer('popularity').notNull().default(0),
  },
  (table) => [
    index('playlists_popularity_idx').on(table.popularity.desc(), table.name),
    index('playlists_name_idx').on(table.name),
  ],
);

export const songs = pgTable(
  'songs',
  {
    youtubeId: text('youtube_id').primaryKey(),
    title: text('title').notNull(),
    authorName: text('author_name').notNull(),
    description: text('description').notNull().default(''),
    dateAdded: timestamp('date_added', { withTimezone: true, mode: 'string' }).notNull(),
    isNew: boolean('is_new').notNull().default(false),
    durationSeconds: integer('duration_seconds').notNull(),
    /** The song's home playlist, shown as its playlist badge. */
    categoryId: text('category_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    /** Whole-word search over title and artist; 'simple' keeps artist names and foreign words intact. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`to_tsvector('simple', ${songs.title} || ' ' || ${songs.authorName})`,
      ),
    /** The artist alone, for the artist badge's search (type=artist). */
    artistSearch: tsvector('artist_search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${songs.authorName})`),
  },
  (table) => [
    index('songs_search_idx').using('gin', table.search),
    index('songs_artist_search_idx').using('gin', table.artistSearch),
    // Trigram indexes serve partial words and small typos (word_similarity, `<%`).
    index('songs_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('songs_author_trgm_idx').using('gin', sql`${table.authorName} gin_trgm_ops`),
    index('songs_title_lower_idx').on(sql`lower(${table.title})`),
    index('songs_author_lower_idx').on(sql`lower(${table.authorName})`),
    index('songs_date_added_idx').on(table.dateAdded),
    index('songs_category_idx').on(table.categoryId),
  ],
);

/** A playlist's songs in play order; next and previous follow `position`. */
export const playlistSongs = pgTable(
  'playlist_songs',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    youtubeId: text('youtube_id')
      .notNull()
      .references(() => songs.youtubeId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.playlistId, table.youtubeId] }),
    uniqueIndex('playlist_songs_position_idx').on(table.playlistId, table.position),
    index('playlist_songs_song_idx').on(table.youtubeId),
  ],
);

/** Messages from the get-in-touch form and song reports (topic 'song-report'). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    email: text('email'),
    discord: text('discord'),
    youtubeUrl: text('youtube_url'),
    message: text('message'),
    remember: boolean('remember'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('contact_requests_topic_idx').on(table.topic, table.createdAt)],
);

/**
 * One row whose version every catalogue import increments, so that servers (possibly other
 * processes) know when to drop what they cached of the old catalogue.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
