import type { BrandId } from '@fansite/brand-config';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb, type CopyIn, type Database } from '../db/client.ts';
import { playlists } from '../db/schema.ts';
import { catalogueFileSchema, type CatalogueFile } from './catalogue-file.ts';

/**
 * Songs added from which a PostgreSQL import sets the catalogue's foreign keys and its indexes
 * that enforce nothing aside while it writes (a first import, or one growing the catalogue as
 * much). PostgreSQL checks a foreign key row by row, locking the row referred to, and adds each
 * row to every index where its key falls: at a million songs the two inserts took 95 s with all
 * of them, 38 s with the indexes alone and 20 s without either. Put back afterwards, each key is
 * one join and each index one sort (11 s in all). A song brings its play-order entries, so the
 * rows added are about twice this.
 */
const BULK_INSERT_SONGS = 25_000;

/** Playlists per statement (a few hundred in a catalogue). */
const PLAYLISTS_PER_STATEMENT = 1_000;
/**
 * Staged rows a statement reads or writes. The embedded database runs each statement on the event
 * loop of the process that serves (the operator channel imports there), so it gets a thousand
 * rows at a time; PostgreSQL works in a process of its own, and one statement over all of them
 * saves the repeated joins.
 */
const ROWS_PER_STATEMENT = { pglite: 1_000, postgres: Number.POSITIVE_INFINITY } as const;

function* batches<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}

/** Problems that would break the catalogue's links, described for the operator. */
function findCatalogueProblems(file: CatalogueFile): string[] {
  const problems: string[] = [];
  const playlistIds = new Set<string>();
  for (const playlist of file.playlists) {
    if (playlistIds.has(playlist.id)) problems.push(`playlist "${playlist.id}" appears twice`);
    playlistIds.add(playlist.id);
  }
  const songIds = new Set<string>();
  for (const song of file.songs) {
    if (songIds.has(song.youtube_id)) problems.push(`song "${song.youtube_id}" appears twice`);
    songIds.add(song.youtube_id);
    if (!playlistIds.has(song.category_id)) {
      problems.push(`song "${song.youtube_id}" has unknown category_id "${song.category_id}"`);
    }
  }
  for (const playlist of file.playlists) {
    const seen = new Set<string>();
    for (const youtubeId of playlist.songs) {
      if (!songIds.has(youtubeId)) {
        problems.push(`playlist "${playlist.id}" lists unknown song "${youtubeId}"`);
      }
      if (seen.has(youtubeId))
        problems.push(`playlist "${playlist.id}" lists "${youtubeId}" twice`);
      seen.add(youtubeId);
    }
  }
  return problems;
}

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The catalogue has ${problems.length} problem(s):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
    this.name = 'CatalogueError';
  }
}

/**
 * Replaces one brand's whole catalogue in one transaction: a file with a problem changes nothing,
 * visitors never see half a catalogue, and the other brand's catalogue stays as it was.
 */
export async function importCatalogue(
  database: Database,
  brand: BrandId,
  input: unknown,
  {
    setKeysAsideFrom = BULK_INSERT_SONGS,
    sharesCopies = false,
  }: {
    setKeysAsideFrom?: number;
    /**
     * The caller builds and shares the new version's copies next (`buildCopiesForNextStart` on
     * PostgreSQL): the version says so, and running servers wait for those copies.
     */
    sharesCopies?: boolean;
  } = {},
): Promise<void> {
  const parsed = catalogueFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new CatalogueError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const file = parsed.data;
  const problems = findCatalogueProblems(file);
  if (problems.length) throw new CatalogueError(problems);

  const playlistIds = file.playlists.map((playlist) => playlist.id);
  const rowsPerStatement = ROWS_PER_STATEMENT[database.engine];
  const transaction = database.transactionWithCopy
    ? database.transactionWithCopy.bind(database)
    : <T>(work: (tx: AppDb, copy?: CopyIn) => Promise<T>) =>
        database.db.transaction((tx) => work(tx));
  await transaction(async (tx, copy) => {
    await stageIncoming(tx, file, copy);
    /** Runs a statement over the staged rows numbered (after, upTo], slice by slice. */
    const inSlices = async (rows: number, statement: (after: number, upTo: number) => SQL) => {
      for (let after = 0; after < rows; after += rowsPerStatement) {
        await tx.execute(statement(after, Math.min(rows, after + rowsPerStatement)));
      }
    };
    const entryCount = file.playlists.reduce((sum, playlist) => sum + playlist.songs.length, 0);
    // A video is one brand's song (favourites and radio history name it by id alone): a file
    // that lists the other brand's videos is refused rather than moving them over.
    const taken = await queryRows(
      tx,
      sql`SELECT s.youtube_id, s.brand FROM songs s JOIN incoming_songs i USING (youtube_id)
          WHERE s.brand <> ${brand} ORDER BY s.youtube_id LIMIT 20`,
      z.object({ youtube_id: z.string(), brand: z.string() }),
    );
    if (taken.length) {
      throw new CatalogueError(
        taken.map((song) => `song "${song.youtube_id}" is in the ${song.brand} catalogue`),
      );
    }
    // A first import has no rows of its own to compare with: the statements that update or delete
    // what the file no longer holds are skipped (at a million songs, the delete alone read every
    // new row for 2 s).
    const { inCatalogue, inFile } = await countSongs(tx, brand);
    const hadSongs = inCatalogue > 0;
    const setAside =
      database.engine === 'postgres' && inFile - inCatalogue >= setKeysAsideFrom
        ? await setAsideForBulkWrite(tx)
        : null;
    // Only the difference is written: a file mostly like the catalogue it replaces (the usual
    // case) changes a few rows instead of rewriting a million, and favourites and radio history
    // of songs that stay keep pointing at them. Play-order entries that moved go first, so a
    // position or a song freed in a playlist can be taken by the incoming entry.
    if (hadSongs) {
      await tx.execute(sql`
        DELETE FROM playlist_songs p WHERE p.brand = ${brand} AND NOT EXISTS (
          SELECT 1 FROM incoming_entries i
          WHERE i.playlist_id = p.playlist_id AND i.youtube_id = p.youtube_id
            AND i.position = p.position)`);
    }
    for (const batch of batches(file.playlists, PLAYLISTS_PER_STATEMENT)) {
      await tx
        .insert(playlists)
        .values(
          batch.map((playlist) => ({
            brand,
            id: playlist.id,
            name: playlist.name,
            description: playlist.description,
            descriptionUrl: playlist.description_url,
            imageUrl: playlist.image_url,
            special: playlist.special,
            home: playlist.home,
            popularity: playlist.popularity,
          })),
        )
        .onConflictDoUpdate({
          target: [playlists.brand, playlists.id],
          set: takeIncoming(playlists, ['brand', 'id']),
        });
    }
    if (hadSongs) {
      await inSlices(
        file.songs.length,
        (after, upTo) => sql`
          UPDATE songs s SET title = i.title, author_name = i.author_name,
            description = i.description, date_added = i.date_added, is_new = i.is_new,
            duration_seconds = i.duration_seconds, category_id = i.category_id
          FROM incoming_songs i
          WHERE i.n > ${after} AND i.n <= ${upTo}
            AND s.youtube_id = i.youtube_id AND s.brand = ${brand}
            AND (s.title, s.author_name, s.description, s.date_added, s.is_new,
                 s.duration_seconds, s.category_id)
              IS DISTINCT FROM (i.title, i.author_name, i.description, i.date_added, i.is_new,
                                i.duration_seconds, i.category_id)`,
      );
    }
    // Sorted, the new rows are all chosen before the first is written: a plan that probed the
    // songs table row by row would otherwise scan the rows it has just added, over and over.
    await inSlices(
      file.songs.length,
      (after, upTo) => sql`
        INSERT INTO songs (youtube_id, brand, title, author_name, description, date_added,
                           is_new, duration_seconds, category_id)
        SELECT youtube_id, ${brand}, title, author_name, description, date_added, is_new,
               duration_seconds, category_id
        FROM incoming_songs i
        WHERE i.n > ${after} AND i.n <= ${upTo}
          AND NOT EXISTS (SELECT 1 FROM songs s WHERE s.youtube_id = i.youtube_id)
        ORDER BY youtube_id`,
    );
    if (hadSongs) {
      await tx.execute(sql`
        DELETE FROM songs s WHERE s.brand = ${brand}
          AND NOT EXISTS (SELECT 1 FROM incoming_songs i WHERE i.youtube_id = s.youtube_id)`);
    }
    await tx.execute(
      sql`DELETE FROM playlists WHERE brand = ${brand} AND NOT (id = ANY(${toTextArray(playlistIds)}))`,
    );
    await inSlices(
      entryCount,
      (after, upTo) => sql`
        INSERT INTO playlist_songs (brand, playlist_id, youtube_id, position)
        SELECT ${brand}, playlist_id, youtube_id, position
        FROM incoming_entries i
        WHERE i.n > ${after} AND i.n <= ${upTo}
          AND NOT EXISTS (
            SELECT 1 FROM playlist_songs p
            WHERE p.brand = ${brand} AND p.playlist_id = i.playlist_id
              AND p.youtube_id = i.youtube_id AND p.position = i.position)
        ORDER BY playlist_id, position`,
    );
    if (setAside) await putBack(tx, setAside);
    // Fresh planner statistics, committed with the rows: the serving copy is read page by page
    // through the indexes only when the planner knows the tables' sizes (PGlite never gathers
    // them by itself), and every process reads it right after this commit.
    await tx.execute(sql`ANALYZE songs, playlists, playlist_songs`);
    // One version for both brands: an import is rare, and every process then rebuilds the
    // serving copies of both (the other brand's comes out the same).
    await tx.execute(sql`UPDATE catalogue_state SET version = version + 1`);
    // The new version's stamp; copies stored before an import are never patched up to it.
    await tx.execute(sql`DELETE FROM catalogue_versions`);
    // The time of this statement, the transaction's last: now() is when the transaction began,
    // which at a million songs is longer ago than servers wait for a silent command.
    await tx.execute(sql`
      INSERT INTO catalogue_versions (version, copies_shared_by)
      SELECT version, ${sharesCopies ? sql`clock_timestamp()` : sql`NULL`} FROM catalogue_state`);
  });
}

/** Rows per chunk of a COPY stream: large enough that the stream's own cost does not show. */
const COPY_ROWS_PER_CHUNK = 1_000;

/**
 * The file's songs and play orders as two temporary tables of the transaction (no constraint,
 * no log), which the statements after it compare with the catalogue in place. PostgreSQL takes
 * them by COPY; the embedded database by `unnest` statements of a thousand rows (its COPY would
 * run as one statement on the serving process's event loop).
 */
async function stageIncoming(tx: AppDb, file: CatalogueFile, copy: CopyIn | undefined) {
  await tx.execute(sql`
    CREATE TEMPORARY TABLE incoming_songs (
      n int NOT NULL, youtube_id text NOT NULL, title text NOT NULL, author_name text NOT NULL,
      description text NOT NULL, date_added timestamptz NOT NULL, is_new boolean NOT NULL,
      duration_seconds int NOT NULL, category_id text NOT NULL
    ) ON COMMIT DROP`);
  await tx.execute(sql`
    CREATE TEMPORARY TABLE incoming_entries (
      n int NOT NULL, playlist_id text NOT NULL, youtube_id text NOT NULL, position int NOT NULL
    ) ON COMMIT DROP`);
  // Each row numbered from 1 (`n`), for the statements that take them a slice at a time.
  const songRows = file.songs.map((song, index) => [
    index + 1,
    song.youtube_id,
    song.title,
    song.author_name,
    song.description,
    song.date_added,
    song.new,
    song.duration,
    song.category_id,
  ]);
  const entryRows = file.playlists
    .flatMap((playlist) =>
      playlist.songs.map((youtubeId, position) => [playlist.id, youtubeId, position]),
    )
    .map((entry, index) => [index + 1, ...entry]);
  if (copy) {
    await copy('COPY incoming_songs FROM STDIN', copyLines(songRows));
    await copy('COPY incoming_entries FROM STDIN', copyLines(entryRows));
  } else {
    // One array per column, `unnest` makes the rows: a statement's parameters are eight arrays
    // rather than one per field.
    for (const batch of batches(songRows, ROWS_PER_STATEMENT.pglite)) {
      await tx.execute(sql`
        INSERT INTO incoming_songs
        SELECT * FROM unnest(${column(batch, 0)}::int[], ${column(batch, 1)}::text[],
          ${column(batch, 2)}::text[], ${column(batch, 3)}::text[], ${column(batch, 4)}::text[],
          ${column(batch, 5)}::timestamptz[], ${column(batch, 6)}::boolean[],
          ${column(batch, 7)}::int[], ${column(batch, 8)}::text[])`);
    }
    for (const batch of batches(entryRows, ROWS_PER_STATEMENT.pglite)) {
      await tx.execute(sql`
        INSERT INTO incoming_entries
        SELECT * FROM unnest(${column(batch, 0)}::int[], ${column(batch, 1)}::text[],
          ${column(batch, 2)}::text[], ${column(batch, 3)}::int[])`);
    }
    // Each slice of the statements after this finds its rows by number, not by reading them all.
    await tx.execute(sql`CREATE INDEX ON incoming_songs (n)`);
    await tx.execute(sql`CREATE INDEX ON incoming_entries (n)`);
  }
  // Temporary tables have no statistics until asked: without them the comparisons below are
  // planned for a handful of rows (nested loops over a million).
  await tx.execute(sql`ANALYZE incoming_songs, incoming_entries`);
}

type Field = string | number | boolean;

/** One field of every row as an array parameter. */
const column = (rows: Field[][], index: number) => sql.param(rows.map((row) => row[index]));

/** COPY's text format escapes these four characters with a backslash. */
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};
const NEEDS_ESCAPE = /[\\\t\n\r]/g;

const copyField = (field: Field) =>
  typeof field === 'string'
    ? field.replace(NEEDS_ESCAPE, (character) => COPY_ESCAPES[character]!)
    : String(field);

/** The rows as COPY's text format (tab between fields), in chunks of many lines. */
function* copyLines(rows: Field[][]): Generator<string> {
  for (const chunk of batches(rows, COPY_ROWS_PER_CHUNK)) {
    yield chunk.map((row) => `${row.map(copyField).join('\t')}\n`).join('');
  }
}

/**
 * How many songs the brand's catalogue holds and how many the file does: whether there is a
 * catalogue to compare with, and the new rows of a first import or of a catalogue that grows
 * (exact new rows would take a join over every row, seconds at a million, which the inserts then
 * repeat).
 */
async function countSongs(
  tx: AppDb,
  brand: BrandId,
): Promise<{ inCatalogue: number; inFile: number }> {
  const [row] = await queryRows(
    tx,
    sql`SELECT (SELECT count(*) FROM songs WHERE brand = ${brand}) AS "inCatalogue",
               (SELECT count(*) FROM incoming_songs) AS "inFile"`,
    z.object({ inCatalogue: z.coerce.number(), inFile: z.coerce.number() }),
  );
  return row ?? { inCatalogue: 0, inFile: 0 };
}

type ForeignKey = { table: string; name: string; definition: string };
type SecondaryIndex = { name: string; definition: string };
/** What a bulk import sets aside while it writes, to put back once the rows are in. */
type SetAside = { keys: ForeignKey[]; indexes: SecondaryIndex[] };

/**
 * Drops the foreign keys among songs, playlists and play orders, and the two tables' indexes that
 * enforce nothing (a song's home playlist, a song's play-order entries), returning their
 * definitions as the database states them (so the migrations stay the one place that declares
 * them). Rows added to an index one by one land all over it; built again afterwards, it is one
 * sort. Until the transaction ends, the three tables are the import's alone: other readers wait
 * for its commit.
 */
async function setAsideForBulkWrite(tx: AppDb): Promise<SetAside> {
  // Memory for the sorts of this transaction alone: the index builds and key checks of a million
  // songs took 6.3 s with it, 7.8 s with the defaults.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
  const keys = await queryRows(
    tx,
    sql`SELECT conrelid::regclass::text AS table, conname AS name,
               pg_get_constraintdef(oid) AS definition
        FROM pg_constraint
        WHERE contype = 'f'
          AND conrelid IN ('songs'::regclass, 'playlist_songs'::regclass)
          AND confrelid IN ('songs'::regclass, 'playlists'::regclass)
        ORDER BY conname`,
    z.object({ table: z.string(), name: z.string(), definition: z.string() }),
  );
  const indexes = await queryRows(
    tx,
    sql`SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
        FROM pg_index
        WHERE indrelid IN ('songs'::regclass, 'playlist_songs'::regclass)
          AND NOT indisunique AND NOT indisprimary
        ORDER BY 1`,
    z.object({ name: z.string(), definition: z.string() }),
  );
  for (const key of keys) {
    await tx.execute(
      sql`ALTER TABLE ${sql.identifier(key.table)} DROP CONSTRAINT ${sql.identifier(key.name)}`,
    );
  }
  for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
  return { keys, indexes };
}

/**
 * Builds the indexes again and adds the keys back; each key is checked against every row in one
 * pass, and a broken link fails.
 */
async function putBack(tx: AppDb, { keys, indexes }: SetAside) {
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  for (const key of keys) {
    await tx.execute(
      sql`ALTER TABLE ${sql.identifier(key.table)} ADD CONSTRAINT ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
}

/** `SET column = excluded.column` for every column of an upsert but the ones named. */
function takeIncoming<Table extends typeof playlists>(
  table: Table,
  keep: (keyof Table['_']['columns'])[],
) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([key]) => !keep.includes(key as keyof Table['_']['columns']))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** The ids as one text[] parameter, however many there are. */
const toTextArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** True when the database holds no catalogue of the brand yet (a fresh start). */
export async function isCatalogueEmpty(database: Database, brand: BrandId): Promise<boolean> {
  const [row] = await queryRows(
    database.db,
    sql`SELECT NOT EXISTS (SELECT 1 FROM playlists WHERE brand = ${brand}) AS empty`,
    z.object({ empty: z.boolean() }),
  );
  return row?.empty ?? true;
}
