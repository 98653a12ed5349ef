import type { BrandId } from '@fansite/brand-config';
import type { Song } from '@fansite/contract';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { FavoritesRepository } from '../repositories/favorites.ts';

type FavoriteListSong = Omit<Song, 'next' | 'next_title' | 'previous' | 'first_song'>;

/**
 * Favourites are the user's rows; the songs' data comes from the catalogue's serving copy. A
 * favourite of a song a catalogue import removed is kept but left out. One account signs in on
 * both brands' sites, and each site shows the favourites of its own catalogue: a favourite of the
 * other brand's song is kept but not shown there.
 */
export function createFavorites(repository: FavoritesRepository, catalogue: ServingCatalogue) {
  /** The user's favourites that are in the catalogue, in play order: newest favourite first. */
  async function favoriteIds(uid: string, snapshot: CatalogueSnapshot): Promise<string[]> {
    const ids = await repository.idsNewestFirst(uid);
    return ids.filter((youtubeId) => snapshot.summary(youtubeId));
  }

  return {
    add: repository.add,
    remove: repository.remove,
    isFavorite: repository.isFavorite,

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

export type Favorites = ReturnType<typeof createFavorites>;
