import { BRAND_IDS, type BrandId } from '@fansite/brand-config';
import {
  SEARCH_PAGE_SIZE,
  type PlaylistAllQuery,
  type SearchPage,
  type SongSearchQuery,
  type SongSummary,
} from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';
import {
  CatalogueSnapshot,
  type PlaylistRow,
  type PlaylistSongs,
  type SongRow,
} from './catalogue-snapshot.ts';
import { alreadyChecked } from '../plugins/app/serializer.ts';
import { yieldToEventLoop } from './build-slice.ts';
import { ReadCache } from './read-cache.ts';

/**
 * Rows per query while the serving copy is read, with a turn of the event loop after each: the
 * embedded database answers on the event loop (a page of 5,000 rows took about 100 ms there) and
 * chained queries resolve without giving timers or requests a turn.
 */
const LOAD_PAGE_SIZE = 200;
/** Loads that saw an import land in the middle start over, this many times at most. */
const LOAD_ATTEMPTS = 5;
const SEARCH_CACHE_SIZE = 2_000;

/** Columns of a song summary, from `songs s` joined with its home playlist `hp`. */
const songSummaryColumns = sql`
  s.youtube_id AS youtube_url,
  s.title,
  s.author_name,
  s.category_id,
  hp.name AS category_name,
  to_char(s.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_added,
  CASE WHEN s.is_new THEN 'true' ELSE 'false' END AS new,
  s.duration_seconds AS duration`;

async function catalogueVersion(db: AppDb): Promise<number> {
  const [state] = await rows<{ version: number }>(
    db,
    sql`SELECT version::int AS version FROM catalogue_state`,
  );
  return state?.version ?? 0;
}

/**
 * Reads the whole catalogue page by page. Pages are separate statements, so the version is read
 * before and after: an import that landed in between (it bumps the version in its transaction)
 * means the pages may mix two catalogues, and the load starts over.
 */
async function loadSnapshot(db: AppDb, brand: BrandId): Promise<CatalogueSnapshot> {
  for (let attempt = 1; ; attempt++) {
    const version = await catalogueVersion(db);
    const playlistRows = await rows<PlaylistRow>(
      db,
      sql`SELECT id, name, description, description_url, image_url, special, home, popularity
          FROM playlists WHERE brand = ${brand}`,
    );
    const songRows: SongRow[] = [];
    for (let after = ''; ;) {
      const page = await rows<SongRow>(
        db,
        sql`SELECT ${songSummaryColumns}, s.description
            FROM songs s JOIN playlists hp ON hp.brand = s.brand AND hp.id = s.category_id
            WHERE s.brand = ${brand} AND s.youtube_id > ${after}
            ORDER BY s.youtube_id LIMIT ${LOAD_PAGE_SIZE}`,
      );
      songRows.push(...page);
      await yieldToEventLoop();
      if (page.length < LOAD_PAGE_SIZE) break;
      after = page.at(-1)!.youtube_url;
    }
    const playlistSongs: PlaylistSongs = new Map();
    for (let afterPlaylist = '', afterPosition = -1; ;) {
      const page = await rows<{ playlist_id: string; youtube_id: string; position: number }>(
        db,
        sql`SELECT playlist_id, youtube_id, position FROM playlist_songs
            WHERE brand = ${brand} AND (playlist_id, position) > (${afterPlaylist}, ${afterPosition})
            ORDER BY playlist_id, position LIMIT ${LOAD_PAGE_SIZE}`,
      );
      for (const entry of page) {
        const list = playlistSongs.get(entry.playlist_id);
        if (list) list.push(entry.youtube_id);
        else playlistSongs.set(entry.playlist_id, [entry.youtube_id]);
      }
      await yieldToEventLoop();
      if (page.length < LOAD_PAGE_SIZE) break;
      afterPlaylist = page.at(-1)!.playlist_id;
      afterPosition = page.at(-1)!.position;
    }
    if ((await catalogueVersion(db)) === version || attempt === LOAD_ATTEMPTS) {
      return CatalogueSnapshot.build(version, playlistRows, songRows, playlistSongs);
    }
  }
}

/** One brand's serving copy and the searches answered from it. */
interface Serving {
  snapshot: CatalogueSnapshot;
  searches: ReadCache<SongSummary[]>;
  searchPages: ReadCache<SearchPage>;
}

/** What the routes read of one brand's catalogue. */
function brandCatalogue(serving: () => Serving) {
  return {
    /** The serving copy in use; callers must not keep it across requests. */
    get snapshot(): CatalogueSnapshot {
      return serving().snapshot;
    },
    listPlaylists: async (query: PlaylistAllQuery) => serving().snapshot.listPlaylists(query),
    getPlaylist: async (playlistId: string) => serving().snapshot.getPlaylist(playlistId),
    getSongInPlaylist: async (youtubeId: string, playlistId: string) =>
      serving().snapshot.getSongInPlaylist(youtubeId, playlistId),
    randomSong: async (playlistId?: string) => serving().snapshot.randomSong(playlistId),
    explore: async () => serving().snapshot.explore(),
    /** A radio station's next song (see `CatalogueSnapshot.stationSong`). */
    stationSong: async (playlistId: string | null, avoid: ReadonlySet<string>) =>
      serving().snapshot.stationSong(playlistId, avoid),
    /**
     * A search asked again is kept (`ReadCache` keeps a key from its second read): it returns the
     * same array from then on, whose JSON is copied again from the songs' bytes at each send.
     */
    search: (query: SongSearchQuery) => {
      const { snapshot, searches } = serving();
      return searches.get(
        JSON.stringify([query.s.trim().toLowerCase(), query.orderBy, query.orderDir, query.type]),
        async () => snapshot.search(query),
      );
    },
    /** A page of a search; a page asked again is kept, as a search is. */
    searchPage: (query: SongSearchQuery, offset: number) => {
      const { snapshot, searchPages } = serving();
      return searchPages.get(
        JSON.stringify([
          query.s.trim().toLowerCase(),
          query.orderBy,
          query.orderDir,
          query.type,
          offset,
        ]),
        async () => {
          const page = snapshot.searchPage(query, offset, SEARCH_PAGE_SIZE);
          return alreadyChecked({ total: page.total, offset, songs: page.songs });
        },
      );
    },
  };
}

export type BrandCatalogue = ReturnType<typeof brandCatalogue>;

/**
 * The catalogue changes only when an operator imports a new one, while every visitor reads it: it
 * is served from an in-memory copy per brand (`CatalogueSnapshot`) built from the database at
 * start and built again, beside the ones in service, when `refresh` finds a newer catalogue
 * version. The new copies replace the old in one assignment, so a request sees one catalogue or
 * the other, whole.
 */
export function createCatalogueRepository(db: AppDb) {
  let current: ReadonlyMap<BrandId, Serving> | null = null;
  let currentVersion: number | null = null;
  let loading: Promise<void> | null = null;

  async function reload(): Promise<void> {
    const version = await catalogueVersion(db);
    if (currentVersion === version) return;
    const next = new Map<BrandId, Serving>();
    for (const brand of BRAND_IDS) {
      next.set(brand, {
        snapshot: await loadSnapshot(db, brand),
        searches: new ReadCache(SEARCH_CACHE_SIZE),
        searchPages: new ReadCache(SEARCH_CACHE_SIZE),
      });
    }
    current = next;
    // The copies may have been read at a later version than the one checked first.
    currentVersion = Math.min(...[...next.values()].map((serving) => serving.snapshot.version));
  }

  const brands = new Map(
    BRAND_IDS.map((brand) => [
      brand,
      brandCatalogue(() => {
        const serving = current?.get(brand);
        if (!serving) {
          throw new Error('The catalogue is read before it was loaded (call refresh).');
        }
        return serving;
      }),
    ]),
  );

  return {
    /** The catalogue version every brand's copy in service was built from (pages cached by it). */
    get version(): number {
      if (currentVersion === null) {
        throw new Error('The catalogue is read before it was loaded (call refresh).');
      }
      return currentVersion;
    },

    /** The catalogue of one brand, as the host of a request names it. */
    of(brand: BrandId): BrandCatalogue {
      return brands.get(brand)!;
    },

    /** Builds new serving copies when the stored catalogue version moved on (or on first call). */
    refresh(): Promise<void> {
      loading ??= reload().finally(() => (loading = null));
      return loading;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
