import { BRAND_IDS, type BrandId } from '@fansite/brand-config';
import {
  SEARCH_PAGE_SIZE,
  type PlaylistAllQuery,
  type SearchPage,
  type SongSearchQuery,
  type SongSummary,
} from '@fansite/contract';
import type { AppDb } from '../db/client.ts';
import {
  catalogueStamp,
  catalogueVersion,
  changesSince,
  copiesBeingShared,
  loadChangeRows,
} from '../repositories/catalogue-rows.ts';
import { buildFromRows, buildInWorker } from './build-copy.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { alreadyChecked } from './checked-answers.ts';
import { ReadCache } from './read-cache.ts';
import { regionsDropped } from './region-memory.ts';
import { sharedCopyInfo } from './shared-copy.ts';
import { readStoredCopy, storedCopyVersion, writeStoredCopy } from './stored-copy.ts';

/** How often a server waiting for a version's shared copies looks whether they are there. */
const SHARED_COPY_LOOK_MS = 1_000;
/**
 * How long a server waits for them at most, however alive the command building them says it is
 * (a million songs take it about half a minute): a command stuck while its heartbeat goes on
 * would otherwise hold every server on the old catalogue.
 */
const SHARED_COPY_WAIT_MS = 5 * 60_000;

const SEARCH_CACHE_SIZE = 2_000;

function servingOf(snapshot: CatalogueSnapshot, regionBytes = 0): Serving {
  return {
    snapshot,
    regionBytes,
    searches: new ReadCache(SEARCH_CACHE_SIZE),
    searchPages: new ReadCache(SEARCH_CACHE_SIZE),
  };
}

/** One brand's serving copy and the searches answered from it. */
interface Serving {
  snapshot: CatalogueSnapshot;
  /**
   * The region a copy read from its file is a view of (`StoredCopy.regionBytes`), shared by the
   * copies patched from it; 0 for a copy built here.
   */
  regionBytes: number;
  searches: ReadCache<SongSummary[]>;
  searchPages: ReadCache<SearchPage>;
}

/** Tells `regionsDropped` of the regions of copies no longer in service nor to be. */
function dropped(copies: Iterable<Serving>): void {
  regionsDropped([...copies].reduce((sum, copy) => sum + copy.regionBytes, 0));
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
    /** Up to `count` songs of a playlist from a song on (`CatalogueSnapshot.songsFrom`). */
    songsFrom: async (playlistId: string, youtubeId: string, count: number) =>
      serving().snapshot.songsFrom(playlistId, youtubeId, count),
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

export interface ServingCatalogueOptions {
  /**
   * Where each brand's copy is stored after a build and read at start (`stored-copy.ts`);
   * without it every start builds the copies from rows.
   */
  copyFolder?: string;
  /** Told when a stored copy could not be read or written: the copies are built from rows. */
  onCopyError?: (error: unknown) => void;
  /**
   * PostgreSQL's address, for the copies to be built by a worker process and stored (with
   * `copyFolder`), then read here (`build-copy.ts`): the thread that serves keeps its event
   * loop, and the build's memory goes with the worker. Without it (the embedded database, which
   * only this thread opens) the copies are built here, in slices.
   */
  workerDatabaseUrl?: string;
  /**
   * Fetches a brand's copy shared through the database into `copyFolder` when `wanted` says it is
   * of use (`shared-copy.ts`, PostgreSQL): a start with no usable file of its own, or an older
   * one, reads the shared copy instead of building.
   */
  fetchShared?: (
    brand: BrandId,
    wanted: (shared: { version: number; stamp: string }) => Promise<boolean>,
  ) => Promise<boolean>;
}

/**
 * Every visitor reads the catalogue, which changes when an operator imports one or the team edits
 * it: it is served from an in-memory copy per brand (`CatalogueSnapshot`). `refresh` looks at the
 * stored catalogue version; when it moved, the changes logged for the versions in between name
 * the playlists and songs edited, and only those are read again and patched into the copies. A
 * version without a logged change (an import) builds new copies beside the ones in service. The
 * new copies replace the old in one assignment, so a request sees one catalogue or the other,
 * whole.
 */
export function createServingCatalogue(
  db: AppDb,
  {
    copyFolder,
    onCopyError = () => undefined,
    workerDatabaseUrl,
    fetchShared,
  }: ServingCatalogueOptions = {},
) {
  let current: ReadonlyMap<BrandId, Serving> | null = null;
  let currentVersion: number | null = null;
  let loading: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** The copies being written to `copyFolder`, one build's at a time. */
  let storing: Promise<void> = Promise.resolve();

  /** Puts copies built or read anew in service: the regions of the ones they replace go. */
  function replaceCopies(next: Map<BrandId, Serving>) {
    if (current) dropped(current.values());
    current = next;
  }

  async function build(beforeServing: boolean): Promise<void> {
    let next = await builtInWorkers();
    if (next === null) {
      next = new Map<BrandId, Serving>();
      for (const brand of BRAND_IDS) {
        next.set(brand, servingOf(await buildFromRows(db, brand, beforeServing)));
      }
      store(next);
    }
    replaceCopies(next);
    // The copies may have been read at a later version than the one checked first.
    currentVersion = Math.min(...[...next.values()].map((serving) => serving.snapshot.version));
  }

  /**
   * Each brand's copy built and stored by a worker process, then read from its file; null without
   * a worker's database address, or when a build or a read failed (told to `onCopyError`; the
   * caller then builds here).
   */
  async function builtInWorkers(): Promise<Map<BrandId, Serving> | null> {
    if (workerDatabaseUrl === undefined || copyFolder === undefined) return null;
    const next = new Map<BrandId, Serving>();
    try {
      await buildInWorker(
        { databaseUrl: workerDatabaseUrl, brands: BRAND_IDS, copyFolder },
        {
          onWarning: (warning) => onCopyError(new Error(warning)),
          whenBuilt: async () => {
            for (const brand of BRAND_IDS) {
              const copy = await readStoredCopy(copyFolder, brand);
              if (!copy) throw new Error(`The ${brand} copy a worker built could not be read.`);
              next.set(brand, servingOf(copy.snapshot, copy.regionBytes));
            }
          },
        },
      );
    } catch (error) {
      onCopyError(error);
      dropped(next.values());
      return null;
    }
    return next;
  }

  /**
   * Writes the built copies for the next start, after this one's: in the background, while the
   * copies serve (each file is replaced whole, `stored-copy.ts`).
   */
  function store(copies: ReadonlyMap<BrandId, Serving>) {
    if (copyFolder === undefined) return;
    storing = storing
      .then(async () => {
        for (const [brand, { snapshot }] of copies) {
          const stamp = await catalogueStamp(db, snapshot.version);
          if (stamp !== null) await writeStoredCopy(copyFolder, brand, stamp, snapshot);
        }
      })
      .catch(onCopyError);
  }

  /** Whether a copy built at `copy.version` with `copy.stamp` is one of this database's. */
  async function ofThisDatabase(copy: { version: number; stamp: string }, version: number) {
    return copy.version <= version && (await catalogueStamp(db, copy.version)) === copy.stamp;
  }

  /**
   * Fetches the brand's shared copy into the folder when it is of this database and newer than
   * the brand's file there (or there is none of use): a restart after an import reads the
   * imported catalogue's copy instead of building it.
   */
  async function fetchNewerSharedCopy(folder: string, brand: BrandId, version: number) {
    if (!fetchShared) return;
    try {
      // The file's header is read only when there is a shared copy to compare it with.
      await fetchShared(brand, async (shared) => {
        if (!(await ofThisDatabase(shared, version))) return false;
        const own = await storedCopyVersion(folder, brand);
        return !own || !(await ofThisDatabase(own, version)) || shared.version > own.version;
      });
    } catch (error) {
      onCopyError(error);
    }
  }

  /**
   * The stored copies, when every brand has one built at a version this database passed
   * through (its stamp matches) and not past `version`: the edits since are then patched in.
   */
  async function readStoredCopies(version: number): Promise<void> {
    if (copyFolder === undefined) return;
    const next = new Map<BrandId, Serving>();
    for (const brand of BRAND_IDS) {
      await fetchNewerSharedCopy(copyFolder, brand, version);
      const copy = await readStoredCopy(copyFolder, brand).catch((error: unknown) => {
        onCopyError(error);
        return null;
      });
      if (copy) next.set(brand, servingOf(copy.snapshot, copy.regionBytes));
      if (!copy || !(await ofThisDatabase({ ...copy, version: copy.snapshot.version }, version))) {
        dropped(next.values());
        return;
      }
    }
    const versions = new Set([...next.values()].map((serving) => serving.snapshot.version));
    if (versions.size !== 1) {
      dropped(next.values());
      return;
    }
    replaceCopies(next);
    currentVersion = [...versions][0]!;
  }

  /** Patches the copies of the brands edited after `from`; false when only a build will do. */
  async function patch(from: ReadonlyMap<BrandId, Serving>, after: number, version: number) {
    const changes = await changesSince(db, after, version);
    if (!changes) return false;
    const next = new Map(from);
    for (const [brand, touched] of changes) {
      const serving = from.get(brand);
      if (!serving) return false;
      const rows = await loadChangeRows(
        db,
        brand,
        version,
        [...touched.playlists],
        [...touched.songs],
      );
      const patched = await serving.snapshot.patched(version, rows);
      if (!patched) return false;
      // Searches kept from the old copy may name songs it had: the new copy starts afresh. Its
      // parts are the old copy's where they did not change: it keeps the old one's region.
      next.set(brand, servingOf(patched, serving.regionBytes));
    }
    current = next;
    currentVersion = version;
    return true;
  }

  /**
   * Reads the copies of `version` that the command which made it shares (`catalog import` on
   * PostgreSQL builds them right after its commit): once they are shared, while that command is
   * heard from building them. False when nobody shares them, or the command went silent: the
   * copies are then built here. Without this every server built its own beside the command's,
   * a million songs' build each, on the machines that serve.
   */
  async function readSharedCopies(version: number): Promise<boolean> {
    if (!fetchShared || copyFolder === undefined) return false;
    const stamp = await catalogueStamp(db, version);
    const waitingSince = Date.now();
    for (;;) {
      const shared = await Promise.all(BRAND_IDS.map((brand) => sharedCopyInfo({ db }, brand)));
      if (shared.every((copy) => copy?.version === version && copy.stamp === stamp)) {
        await readStoredCopies(version);
        return currentVersion === version;
      }
      if (!(await copiesBeingShared(db, version))) return false;
      if (Date.now() - waitingSince > SHARED_COPY_WAIT_MS) return false;
      await new Promise((resolve) => setTimeout(resolve, SHARED_COPY_LOOK_MS));
    }
  }

  async function reload(): Promise<void> {
    const version = await catalogueVersion(db);
    // The first copies are made before the server listens.
    const beforeServing = current === null;
    if (beforeServing) await readStoredCopies(version);
    if (currentVersion === version) return;
    if (current && currentVersion !== null && (await patch(current, currentVersion, version))) {
      return;
    }
    if (await readSharedCopies(version)) return;
    await build(beforeServing);
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

  /** One look at the version at a time; a call during one waits for a look after it. */
  function refresh(): Promise<void> {
    if (!loading) {
      loading = reload().finally(() => (loading = null));
      return loading;
    }
    queued ??= loading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return refresh();
      });
    return queued;
  }

  return {
    /** The catalogue version every brand's copy in service shows (pages cached by it). */
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

    /**
     * Brings the copies to the stored catalogue version (builds them on first call): patched
     * for staff edits, built again after an import.
     */
    refresh,

    /** Resolves once the copies built so far are stored (tests, and a clean shutdown). */
    stored: (): Promise<void> => storing,
  };
}

export type ServingCatalogue = ReturnType<typeof createServingCatalogue>;
