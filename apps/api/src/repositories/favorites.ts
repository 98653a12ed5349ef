import type { Song } from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';
import { songSummaryColumns } from './catalogue.ts';

type FavoriteListSong = Omit<Song, 'next' | 'next_title' | 'previous' | 'first_song'>;

/** Columns of a song with its description, from `songs s` joined with its home playlist `hp`. */
const songColumns = sql`${songSummaryColumns}, s.description`;

/**
 * A user's favourites that are in the catalogue, numbered in play order: newest favourite first.
 * Favourites of songs a catalogue import removed stay stored but are left out.
 */
const orderedFavorites = (uid: string) => sql`
  SELECT f.youtube_id, row_number() OVER (ORDER BY f.created_at DESC, f.youtube_id) AS position
  FROM favorites f
  JOIN songs s ON s.youtube_id = f.youtube_id
  WHERE f.user_uid = ${uid}`;

export function createFavoritesRepository(db: AppDb) {
  return {
    /**
     * Adds a catalogue song to the user's favourites; false when the catalogue has no such song.
     * One conditional statement: adding twice, or twice at once, keeps exactly one favourite.
     */
    async add(uid: string, youtubeId: string): Promise<boolean> {
      await db.execute(sql`
        INSERT INTO favorites (user_uid, youtube_id)
        SELECT ${uid}, youtube_id FROM songs WHERE youtube_id = ${youtubeId}
        ON CONFLICT (user_uid, youtube_id) DO NOTHING`);
      const [song] = await rows(db, sql`SELECT 1 FROM songs WHERE youtube_id = ${youtubeId}`);
      return song !== undefined;
    },

    /** Removes a favourite; removing one that is not there changes nothing. */
    async remove(uid: string, youtubeId: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM favorites WHERE user_uid = ${uid} AND youtube_id = ${youtubeId}`,
      );
    },

    async isFavorite(uid: string, youtubeId: string): Promise<boolean> {
      const [found] = await rows(
        db,
        sql`SELECT 1 FROM favorites WHERE user_uid = ${uid} AND youtube_id = ${youtubeId}`,
      );
      return found !== undefined;
    },

    /** Every favourite, newest first. */
    async list(uid: string): Promise<FavoriteListSong[]> {
      return rows<FavoriteListSong>(
        db,
        sql`
          SELECT ${songColumns}, TRUE AS favorite
          FROM (${orderedFavorites(uid)}) fav
          JOIN songs s ON s.youtube_id = fav.youtube_id
          JOIN playlists hp ON hp.id = s.category_id
          ORDER BY fav.position`,
      );
    },

    /** A favourite in the context of the favourites: next and previous follow their play order. */
    async get(uid: string, youtubeId: string): Promise<Song | null> {
      const [song] = await rows<Song>(
        db,
        sql`
          WITH fav AS (${orderedFavorites(uid)})
          SELECT ${songColumns}, TRUE AS favorite,
            nxt.youtube_id AS next, nxt_song.title AS next_title,
            (SELECT youtube_id FROM fav WHERE position = cur.position - 1) AS previous,
            (SELECT youtube_id FROM fav WHERE position = 1) AS first_song
          FROM fav cur
          JOIN songs s ON s.youtube_id = cur.youtube_id
          JOIN playlists hp ON hp.id = s.category_id
          LEFT JOIN fav nxt ON nxt.position = cur.position + 1
          LEFT JOIN songs nxt_song ON nxt_song.youtube_id = nxt.youtube_id
          WHERE cur.youtube_id = ${youtubeId}`,
      );
      return song ?? null;
    },

    /** The most recently added favourite, or null when there is none. */
    async latest(uid: string): Promise<string | null> {
      const [first] = await rows<{ youtube_id: string }>(
        db,
        sql`SELECT youtube_id FROM (${orderedFavorites(uid)}) fav WHERE position = 1`,
      );
      return first?.youtube_id ?? null;
    },

    /** A random favourite (a user has few: ordering them at random is cheap), or null. */
    async random(uid: string): Promise<string | null> {
      const [picked] = await rows<{ youtube_id: string }>(
        db,
        sql`SELECT youtube_id FROM (${orderedFavorites(uid)}) fav ORDER BY random() LIMIT 1`,
      );
      return picked?.youtube_id ?? null;
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
