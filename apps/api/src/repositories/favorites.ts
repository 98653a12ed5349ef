import type { BrandId } from '@fansite/brand-config';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { favorites, songs } from '../db/schema.ts';

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
      const [song] = await db
        .select({ youtubeId: songs.youtubeId })
        .from(songs)
        .where(and(eq(songs.youtubeId, youtubeId), eq(songs.brand, brand)));
      return song !== undefined;
    },

    /** Removes a favourite; removing one that is not there changes nothing. */
    async remove(uid: string, youtubeId: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM favorites WHERE user_uid = ${uid} AND youtube_id = ${youtubeId}`,
      );
    },

    async isFavorite(uid: string, youtubeId: string): Promise<boolean> {
      const [found] = await db
        .select({ youtubeId: favorites.youtubeId })
        .from(favorites)
        .where(and(eq(favorites.userUid, uid), eq(favorites.youtubeId, youtubeId)));
      return found !== undefined;
    },

    /** The ids of the user's favourites, newest first, of any brand and any song ever marked. */
    async idsNewestFirst(uid: string): Promise<string[]> {
      const found = await db
        .select({ youtubeId: favorites.youtubeId })
        .from(favorites)
        .where(eq(favorites.userUid, uid))
        .orderBy(desc(favorites.createdAt), favorites.youtubeId);
      return found.map((row) => row.youtubeId);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
