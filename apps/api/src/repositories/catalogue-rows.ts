import { BRAND_IDS } from '@fansite/brand-config';
import type { BrandId } from '@fansite/brand-config';
import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { catalogueChanges, catalogueVersions } from '../db/schema.ts';

/**
 * Rows per query while the serving copy is read, with a turn of the event loop after each: the
 * embedded database answers on the event loop (a page of 5,000 rows took about 100 ms there) and
 * chained queries resolve without giving timers or requests a turn.
 */
const LOAD_PAGE_SIZE = 200;
/**
 * Rows per query for a process's first copy, read before it listens: no request waits on the
 * event loop then, and at a million songs the 200-row pages' round trips were most of the start.
 */
const START_PAGE_SIZE = 10_000;
/**
 * Rows per statement while a staff edit's changes are read, with a turn of the event loop after
 * each. The server is answering then, and on the embedded database a statement and the parsing of
 * its rows hold the event loop: 402 playlist rows in one statement took 7 ms of the main thread,
 * 200 songs 8 ms; 50 rows take 2 ms or less.
 */
const CHANGE_PAGE_SIZE = 50;
/** Loads that saw an import land in the middle start over, this many times at most. */
const LOAD_ATTEMPTS = 5;
/** Changes kept in the log: a server further behind than this builds its copy again. */
const CHANGES_KEPT = 1_000;

/** A playlist row as the serving copy is built from it. */
const playlistRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  description_url: z.string().nullable(),
  image_url: z.string().nullable(),
  special: z.boolean(),
  home: z.boolean(),
  popularity: z.number(),
});
export type PlaylistRow = z.infer<typeof playlistRowSchema>;

/**
 * A song row: its summary fields (in the contract's order) and its description. The types only:
 * the answers made from it are checked against the contract once, when the serving copy is built.
 */
const songRowSchema = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  date_added: z.string(),
  new: z.enum(['true', 'false']),
  duration: z.number(),
  description: z.string(),
});
export type SongRow = z.infer<typeof songRowSchema>;

const playlistSongRowSchema = z.object({
  playlist_id: z.string(),
  youtube_id: z.string(),
  position: z.number(),
});
const versionRowSchema = z.object({ version: z.number() });

/** A playlist's songs in play order. */
export type PlaylistSongs = Map<string, string[]>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A song's date added and flags as its summary has them, from `songs s`. */
const songDateAndFlagColumns = sql`
  to_char(s.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_added,
  CASE WHEN s.is_new THEN 'true' ELSE 'false' END AS new,
  s.duration_seconds AS duration`;

/** Columns of a song summary, from `songs s` joined with its home playlist `hp`. */
const songSummaryColumns = sql`
  s.youtube_id AS youtube_url,
  s.title,
  s.author_name,
  s.category_id,
  hp.name AS category_name,
  ${songDateAndFlagColumns}`;

const playlistColumns = sql`id, name, description, description_url, image_url, special, home, popularity`;

/** Where a load puts the song rows, page by page: the rows themselves are not kept. */
interface SongSink {
  add(page: SongRow[]): void;
}
/** A changed song's row: the song row less its home playlist's name, taken from the playlists. */
const changedSongRowSchema = songRowSchema.omit({ category_name: true });
const changedSongColumns = sql`
  s.youtube_id AS youtube_url, s.title, s.author_name, s.category_id, ${songDateAndFlagColumns},
  s.description`;

/** One brand's catalogue as rows, at the catalogue version they were read at. */
interface CatalogueRows<Songs extends SongSink> {
  version: number;
  playlistRows: PlaylistRow[];
  /** The songs, as the sink made them. */
  songs: Songs;
  playlistSongs: PlaylistSongs;
}

/** What changed in one brand since a version: the rows of its playlists and songs now. */
export interface CatalogueChangeRows {
  version: number;
  /** Every playlist of the brand (their cards and orders are made again, a few hundred rows). */
  playlistRows: PlaylistRow[];
  /** The changed songs that still exist; a changed song missing here was removed. */
  songRows: SongRow[];
  songIds: string[];
  /** The changed playlists' songs in play order; a changed playlist missing here was deleted. */
  playlistSongs: PlaylistSongs;
  playlistIds: string[];
}

export async function catalogueVersion(db: AppDb): Promise<number> {
  const [state] = await queryRows(
    db,
    sql`SELECT version::int AS version FROM catalogue_state`,
    versionRowSchema,
  );
  return state?.version ?? 0;
}

/**
 * The random stamp of catalogue version `version` in this database, or null when it has none
 * (an older version than the log keeps, or one this database never had): what a stored copy
 * built at that version must carry to be used (`catalogue/stored-copy.ts`).
 */
export async function catalogueStamp(db: AppDb, version: number): Promise<string | null> {
  const [row] = await db
    .select({ stamp: catalogueVersions.stamp })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.version, version));
  return row?.stamp ?? null;
}

/**
 * A command that builds and shares the copies of a version it made says so every few seconds
 * (`tellCopiesSharing`); past this long without a word it is taken to have died.
 */
const SHARER_SILENT_SECONDS = 20;

/**
 * Whether the command that made catalogue version `version` is building the version's copies to
 * share them (`importCatalogue`'s `sharesCopies`), and was heard from lately. The database's
 * clock on both sides: the command's machine and the server's may differ.
 */
export async function copiesBeingShared(db: AppDb, version: number): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT (copies_shared_by > now() - make_interval(secs => ${SHARER_SILENT_SECONDS})) AS heard
        FROM catalogue_versions WHERE version = ${version}`,
    z.object({ heard: z.boolean().nullable() }),
  );
  return row?.heard === true;
}

/**
 * The sharing command's word on the versions it said it would share the copies of: still at it
 * (`building`), or done, whether the copies were shared or it failed (servers then build).
 */
export async function tellCopiesSharing(db: AppDb, state: 'building' | 'done'): Promise<void> {
  await db
    .update(catalogueVersions)
    .set({ copiesSharedBy: state === 'building' ? sql`now()` : null })
    .where(isNotNull(catalogueVersions.copiesSharedBy));
}

/**
 * Reads one brand's whole catalogue page by page, each page of songs handed to a sink that
 * `newSongs` makes (the serving copy's columns) and then dropped: a million rows held as objects
 * took 740 MB. Pages are separate statements, so the version is read before and after: an import
 * that landed in between (it bumps the version in its transaction) means the pages may mix two
 * catalogues, and the load starts over with a new sink. `beforeServing`: nothing is answered yet,
 * so pages are large.
 */
export async function loadCatalogueRows<Songs extends SongSink>(
  db: AppDb,
  brand: BrandId,
  newSongs: () => Songs,
  { beforeServing = false } = {},
): Promise<CatalogueRows<Songs>> {
  const pageSize = beforeServing ? START_PAGE_SIZE : LOAD_PAGE_SIZE;
  for (let attempt = 1; ; attempt++) {
    const version = await catalogueVersion(db);
    const playlistRows = await readPlaylistRows(db, brand);
    const songs = newSongs();
    for (let after = ''; ;) {
      const page = await queryRows(
        db,
        sql`SELECT ${songSummaryColumns}, s.description
            FROM songs s JOIN playlists hp ON hp.brand = s.brand AND hp.id = s.category_id
            WHERE s.brand = ${brand} AND s.youtube_id > ${after}
            ORDER BY s.youtube_id LIMIT ${pageSize}`,
        songRowSchema,
      );
      songs.add(page);
      await yieldToEventLoop();
      if (page.length < pageSize) break;
      after = page.at(-1)!.youtube_url;
    }
    const playlistSongs: PlaylistSongs = new Map();
    await readPlaylistSongs(db, brand, sql`TRUE`, pageSize, playlistSongs);
    if ((await catalogueVersion(db)) === version || attempt === LOAD_ATTEMPTS) {
      return { version, playlistRows, songs, playlistSongs };
    }
  }
}

function readPlaylistRows(db: AppDb, brand: BrandId): Promise<PlaylistRow[]> {
  return queryRows(
    db,
    sql`SELECT ${playlistColumns} FROM playlists WHERE brand = ${brand}`,
    playlistRowSchema,
  );
}

/** Every playlist row of a brand, in pages of `CHANGE_PAGE_SIZE` by id. */
async function readPlaylistRowsInPages(db: AppDb, brand: BrandId): Promise<PlaylistRow[]> {
  const rows: PlaylistRow[] = [];
  for (let after = ''; ;) {
    const page = await queryRows(
      db,
      sql`SELECT ${playlistColumns} FROM playlists WHERE brand = ${brand} AND id > ${after}
          ORDER BY id LIMIT ${CHANGE_PAGE_SIZE}`,
      playlistRowSchema,
    );
    rows.push(...page);
    await yieldToEventLoop();
    if (page.length < CHANGE_PAGE_SIZE) return rows;
    after = page.at(-1)!.id;
  }
}

/**
 * Adds the brand's playlist entries that `which` selects to `playlistSongs`, in play order, read
 * in pages of `pageSize` (keyset paging on playlist and position) with a turn of the event loop
 * after each.
 */
async function readPlaylistSongs(
  db: AppDb,
  brand: BrandId,
  which: SQL,
  pageSize: number,
  playlistSongs: PlaylistSongs,
): Promise<void> {
  for (let afterPlaylist = '', afterPosition = -1; ;) {
    const page = await queryRows(
      db,
      sql`SELECT playlist_id, youtube_id, position FROM playlist_songs
          WHERE brand = ${brand} AND ${which}
            AND (playlist_id, position) > (${afterPlaylist}, ${afterPosition})
          ORDER BY playlist_id, position LIMIT ${pageSize}`,
      playlistSongRowSchema,
    );
    for (const entry of page) {
      const list = playlistSongs.get(entry.playlist_id);
      if (list) list.push(entry.youtube_id);
      else playlistSongs.set(entry.playlist_id, [entry.youtube_id]);
    }
    await yieldToEventLoop();
    if (page.length < pageSize) return;
    afterPlaylist = page.at(-1)!.playlist_id;
    afterPosition = page.at(-1)!.position;
  }
}

/**
 * The changes logged after version `after` up to `upTo`, per brand: the playlists and songs they
 * touched. Null when one of those versions has no entry (an import, or one pruned from the log):
 * then only a full build is right.
 */
export async function changesSince(
  db: AppDb,
  after: number,
  upTo: number,
): Promise<Map<BrandId, { playlists: Set<string>; songs: Set<string> }> | null> {
  const logged = await queryRows(
    db,
    sql`SELECT brand, playlists, songs FROM catalogue_changes
        WHERE version > ${after} AND version <= ${upTo} ORDER BY version`,
    z.object({
      brand: z.enum(BRAND_IDS),
      playlists: z.array(z.string()),
      songs: z.array(z.string()),
    }),
  );
  if (logged.length !== upTo - after) return null;
  const byBrand = new Map<BrandId, { playlists: Set<string>; songs: Set<string> }>();
  for (const change of logged) {
    const touched = byBrand.get(change.brand) ?? { playlists: new Set(), songs: new Set() };
    for (const id of change.playlists) touched.playlists.add(id);
    for (const id of change.songs) touched.songs.add(id);
    byBrand.set(change.brand, touched);
  }
  return byBrand;
}

/**
 * The current rows of a brand's changed playlists and songs (few: one edit's worth, or a few),
 * read while the server answers: in small statements (`CHANGE_PAGE_SIZE`) with a turn of the
 * event loop between them.
 */
export async function loadChangeRows(
  db: AppDb,
  brand: BrandId,
  version: number,
  playlistIds: string[],
  songIds: string[],
): Promise<CatalogueChangeRows> {
  const playlistRows = await readPlaylistRowsInPages(db, brand);
  // The home playlist's name from the rows just read, rather than a join in every statement.
  const playlistNames = new Map(playlistRows.map((row) => [row.id, row.name]));
  // A renamed playlist touches every song it is home of.
  const songRows: SongRow[] = [];
  for (let from = 0; from < songIds.length; from += CHANGE_PAGE_SIZE) {
    const page = await queryRows(
      db,
      sql`SELECT ${changedSongColumns}
          FROM songs s
          WHERE s.brand = ${brand}
            AND s.youtube_id = ANY(${sql.param(songIds.slice(from, from + CHANGE_PAGE_SIZE))}::text[])`,
      changedSongRowSchema,
    );
    for (const row of page) {
      const categoryName = playlistNames.get(row.category_id);
      // A song whose home is not among the rows is left out, as the full read's join leaves it.
      if (categoryName !== undefined) songRows.push({ ...row, category_name: categoryName });
    }
    await yieldToEventLoop();
  }
  const playlistSongs: PlaylistSongs = new Map();
  for (const id of playlistIds) if (playlistNames.has(id)) playlistSongs.set(id, []);
  if (playlistIds.length) {
    const changed = sql`playlist_id = ANY(${sql.param(playlistIds)}::text[])`;
    await readPlaylistSongs(db, brand, changed, CHANGE_PAGE_SIZE, playlistSongs);
  }
  return { version, playlistRows, songRows, songIds, playlistSongs, playlistIds };
}

/**
 * Bumps the catalogue version inside a change's transaction and logs what the change touched
 * under the new version, so that every server patches its copy of just those.
 */
export async function recordCatalogueChange(
  tx: AppDb,
  brand: BrandId,
  touched: { playlists: Iterable<string>; songs: Iterable<string> },
): Promise<void> {
  const [state] = await queryRows(
    tx,
    sql`UPDATE catalogue_state SET version = version + 1 RETURNING version::int AS version`,
    versionRowSchema,
  );
  const version = state!.version;
  await tx.insert(catalogueChanges).values({
    version,
    brand,
    playlists: [...new Set(touched.playlists)],
    songs: [...new Set(touched.songs)],
  });
  await tx.execute(sql`DELETE FROM catalogue_changes WHERE version <= ${version - CHANGES_KEPT}`);
  await tx.insert(catalogueVersions).values({ version });
  await tx.execute(sql`DELETE FROM catalogue_versions WHERE version <= ${version - CHANGES_KEPT}`);
}
