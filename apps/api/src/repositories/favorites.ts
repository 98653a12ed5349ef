import type { BrandId } from '@fansite/brand-config';
import type { Song } from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';

type FavoriteListSong = Omit<Song, 'next' | 'next_title' | 'previous' | 'first_song'>;

/**
 * Favourites are the user's rows; the songs' data comes from the catalogue's serving copy. The
 * database keeps every favourite, of songs a catalogue import removed too; those are left out.
 * One account signs in on both brands' sites, and each site shows the favourites of its own
 * catalogue: a favourite of the other brand's song is kept but not shown there.
 */
export function createFavoritesRepository(db: AppDb, catalogue: ServingCatalogue) {
  /** The user's favourites that are in the catalogue, in play order: newest favourite first. */
  async function favoriteIds(uid: string, snapshot: CatalogueSnapshot): Promise<string[]> {
    const found = await rows<{ youtube_id: string }>(
      db,
      sql`SELECT youtube_id FROM favorites WHERE user_uid = ${uid}
          ORDER BY created_at DESC, youtube_id`,
    );
    return found.map((row) => row.youtube_id).filter((youtubeId) => snapshot.summary(youtubeId));
  }

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

    /** Every favourite, newest first; song data from the catalogue's serving copy. */
    async list(uid: string, brand: BrandId): Promise<FavoriteListSong[]> {
      const { snapshot } = catalogue.of(brand);
      return (await favoriteIds(uid, snapshot)).map((youtubeId) => ({
        ...snapshot.summary(youtubeId)!,
        description: snapshot.description(youtubeId)!,
        favorite: true,
      }));
    },

    /** A favourite in the context of the favourites: next and previous follow their play order. */
    async get(uid: string, brand: BrandId, youtubeId: string): Promise<Song | null> {
      const { snapshot } = catalogue.of(brand);
      const ids = await favoriteIds(uid, snapshot);
      const position = ids.indexOf(youtubeId);
      if (position < 0) return null;
      const next = ids[position + 1] ?? null;
      return {
        ...snapshot.summary(youtubeId)!,
        description: snapshot.description(youtubeId)!,
        favorite: true,
        next,
        next_title: next === null ? null : snapshot.summary(next)!.title,
        previous: position > 0 ? ids[position - 1]! : null,
        first_song: ids[0]!,
      };
    },

    /** The most recently added favourite, or null when there is none. */
    async latest(uid: string, brand: BrandId): Promise<string | null> {
      return (await favoriteIds(uid, catalogue.of(brand).snapshot))[0] ?? null;
    },

    /** A random favourite, or null. */
    async random(uid: string, brand: BrandId): Promise<string | null> {
      const ids = await favoriteIds(uid, catalogue.of(brand).snapshot);
      return ids[Math.floor(Math.random() * ids.length)] ?? null;
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
