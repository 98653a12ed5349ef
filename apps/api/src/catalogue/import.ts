import type { BrandId } from '@fansite/brand-config';
import { getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '../db/client.ts';
import { playlists } from '../db/schema.ts';
import { catalogueFileSchema, type CatalogueFile } from './catalogue-file.ts';

/** Playlists per statement (a few hundred in a catalogue). */
const PLAYLISTS_PER_STATEMENT = 1_000;
/**
 * Songs or play-order entries per statement. The embedded database runs a statement on the event
 * loop of the process that serves (the operator channel imports there), so it gets small ones;
 * PostgreSQL works in a process of its own, and fewer, larger statements save round trips.
 */
const ROWS_PER_STATEMENT = { pglite: 1_000, postgres: 20_000 } as const;

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
  const songIds = file.songs.map((song) => song.youtube_id);
  const rowsPerStatement = ROWS_PER_STATEMENT[database.engine];
  await database.db.transaction(async (tx) => {
    // A video is one brand's song (favourites and radio history name it by id alone): a file
    // that lists the other brand's videos is refused rather than moving them over.
    const taken = await queryRows(
      tx,
      sql`SELECT youtube_id, brand FROM songs
          WHERE brand <> ${brand} AND youtube_id = ANY(${toTextArray(songIds)})
          ORDER BY youtube_id LIMIT 20`,
      z.object({ youtube_id: z.string(), brand: z.string() }),
    );
    if (taken.length) {
      throw new CatalogueError(
        taken.map((song) => `song "${song.youtube_id}" is in the ${song.brand} catalogue`),
      );
    }
    // Upserts rather than a wipe: favourites and radio history of songs that stay keep pointing
    // at them, and only what the new file leaves out is deleted (with what refers to it).
    await tx.execute(sql`DELETE FROM playlist_songs WHERE brand = ${brand}`);
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
    // Songs and play orders go in as columns (one array per column, `unnest` makes the rows):
    // thousands of rows per statement, where a statement of VALUES tuples cost its building and
    // one parameter per field.
    for (const batch of batches(file.songs, rowsPerStatement)) {
      await tx.execute(sql`
        INSERT INTO songs (youtube_id, brand, title, author_name, description, date_added,
                           is_new, duration_seconds, category_id)
        SELECT youtube_id, ${brand}, title, author_name, description, date_added, is_new,
               duration_seconds, category_id
        FROM unnest(
          ${sql.param(batch.map((song) => song.youtube_id))}::text[],
          ${sql.param(batch.map((song) => song.title))}::text[],
          ${sql.param(batch.map((song) => song.author_name))}::text[],
          ${sql.param(batch.map((song) => song.description))}::text[],
          ${sql.param(batch.map((song) => song.date_added))}::timestamptz[],
          ${sql.param(batch.map((song) => song.new))}::boolean[],
          ${sql.param(batch.map((song) => song.duration))}::int[],
          ${sql.param(batch.map((song) => song.category_id))}::text[]
        ) AS incoming(youtube_id, title, author_name, description, date_added, is_new,
                      duration_seconds, category_id)
        ON CONFLICT (youtube_id) DO UPDATE SET
          brand = excluded.brand, title = excluded.title, author_name = excluded.author_name,
          description = excluded.description, date_added = excluded.date_added,
          is_new = excluded.is_new, duration_seconds = excluded.duration_seconds,
          category_id = excluded.category_id`);
    }
    await tx.execute(
      sql`DELETE FROM songs WHERE brand = ${brand} AND NOT (youtube_id = ANY(${toTextArray(songIds)}))`,
    );
    await tx.execute(
      sql`DELETE FROM playlists WHERE brand = ${brand} AND NOT (id = ANY(${toTextArray(playlistIds)}))`,
    );
    const entries = file.playlists.flatMap((playlist) =>
      playlist.songs.map((youtubeId, position) => ({
        playlistId: playlist.id,
        youtubeId,
        position,
      })),
    );
    for (const batch of batches(entries, rowsPerStatement)) {
      await tx.execute(sql`
        INSERT INTO playlist_songs (brand, playlist_id, youtube_id, position)
        SELECT ${brand}, playlist_id, youtube_id, position
        FROM unnest(
          ${sql.param(batch.map((entry) => entry.playlistId))}::text[],
          ${sql.param(batch.map((entry) => entry.youtubeId))}::text[],
          ${sql.param(batch.map((entry) => entry.position))}::int[]
        ) AS incoming(playlist_id, youtube_id, position)`);
    }
    // Fresh planner statistics, committed with the rows: the serving copy is read page by page
    // through the indexes only when the planner knows the tables' sizes (PGlite never gathers
    // them by itself), and every process reads it right after this commit.
    await tx.execute(sql`ANALYZE songs, playlists, playlist_songs`);
    // One version for both brands: an import is rare, and every process then rebuilds the
    // serving copies of both (the other brand's comes out the same).
    await tx.execute(sql`UPDATE catalogue_state SET version = version + 1`);
    // The new version's stamp; copies stored before an import are never patched up to it.
    await tx.execute(sql`DELETE FROM catalogue_versions`);
    await tx.execute(
      sql`INSERT INTO catalogue_versions (version) SELECT version FROM catalogue_state`,
    );
  });
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
