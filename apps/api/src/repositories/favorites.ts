import type { BrandId } from '@fansite/brand-config';
import { sql } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';

/**
 * The users' favourites: which song each user marked, and when. The database keeps every
 * favourite, of songs a catalogue import removed too; what the catalogue still has is the
 * favourites service's business (favorites/favorites.ts).
 */
export function createFavoritesRepository(db: AppDb) {
  return {
    /**
     * Adds a catalogue song to the user's favourites; false when the catalogue has no such song.
     * One conditional statement: adding twice, or twice at once, keeps exactly one favourite.
     */
    async add(uid: string, brand: BrandId, youtubeId: string): Promise<boolean> {
      await db.execute(sql`
        INSERT INTO favorites (user_uid, youtube_id)
        SELECT ${uid}, youtube_id FROM songs WHERE youtube_id = ${youtubeId} AND brand = ${brand}
        ON CONFLICT (user_uid, youtube_id) DO NOTHING`);
      const [song] = await rows(
        db,
        sql`SELECT 1 FROM songs WHERE youtube_id = ${youtubeId} AND brand = ${brand}`,
      );
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

    /** The ids of the user's favourites, newest first, of any brand and any song ever marked. */
    async idsNewestFirst(uid: string): Promise<string[]> {
      const found = await rows<{ youtube_id: string }>(
        db,
        sql`SELECT youtube_id FROM favorites WHERE user_uid = ${uid}
            ORDER BY created_at DESC, youtube_id`,
      );
      return found.map((row) => row.youtube_id);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
