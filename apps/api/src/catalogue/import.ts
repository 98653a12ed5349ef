import type { BrandId } from '@fansite/brand-config';
import { getTableColumns, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { playlistSongs, playlists, songs } from '../db/schema.ts';
import { catalogueFileSchema, type CatalogueFile } from './catalogue-file.ts';

const BATCH_SIZE = 1000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    yield items.slice(start, start + BATCH_SIZE);
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
  await database.db.transaction(async (tx) => {
    // A video is one brand's song (favourites and radio history name it by id alone): a file
    // that lists the other brand's videos is refused rather than moving them over.
    const taken = await queryRows<{ youtube_id: string; brand: string }>(
      tx,
      sql`SELECT youtube_id, brand FROM songs
          WHERE brand <> ${brand} AND youtube_id = ANY(${toTextArray(songIds)})
          ORDER BY youtube_id LIMIT 20`,
    );
    if (taken.length) {
      throw new CatalogueError(
        taken.map((song) => `song "${song.youtube_id}" is in the ${song.brand} catalogue`),
      );
    }
    // Upserts rather than a wipe: favourites and radio history of songs that stay keep pointing
    // at them, and only what the new file leaves out is deleted (with what refers to it).
    await tx.execute(sql`DELETE FROM playlist_songs WHERE brand = ${brand}`);
    for (const batch of batches(file.playlists)) {
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
    for (const batch of batches(file.songs)) {
      await tx
        .insert(songs)
        .values(
          batch.map((song) => ({
            youtubeId: song.youtube_id,
            brand,
            title: song.title,
            authorName: song.author_name,
            description: song.description,
            dateAdded: song.date_added,
            isNew: song.new,
            durationSeconds: song.duration,
            categoryId: song.category_id,
          })),
        )
        .onConflictDoUpdate({
          target: songs.youtubeId,
          set: takeIncoming(songs, ['youtubeId', 'search', 'artistSearch']),
        });
    }
    await tx.execute(
      sql`DELETE FROM songs WHERE brand = ${brand} AND NOT (youtube_id = ANY(${toTextArray(songIds)}))`,
    );
    await tx.execute(
      sql`DELETE FROM playlists WHERE brand = ${brand} AND NOT (id = ANY(${toTextArray(playlistIds)}))`,
    );
    const entries = file.playlists.flatMap((playlist) =>
      playlist.songs.map((youtubeId, position) => ({
        brand,
        playlistId: playlist.id,
        youtubeId,
        position,
      })),
    );
    for (const batch of batches(entries)) await tx.insert(playlistSongs).values(batch);
    // Fresh planner statistics, committed with the rows: the serving copy is read page by page
    // through the indexes only when the planner knows the tables' sizes (PGlite never gathers
    // them by itself), and every process reads it right after this commit.
    await tx.execute(sql`ANALYZE songs, playlists, playlist_songs`);
    // One version for both brands: an import is rare, and every process then rebuilds the
    // serving copies of both (the other brand's comes out the same).
    await tx.execute(sql`UPDATE catalogue_state SET version = version + 1`);
  });
}

/** `SET column = excluded.column` for every column of an upsert but the ones named. */
function takeIncoming<Table extends typeof playlists | typeof songs>(
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

/** A text[] literal as one parameter however many ids; the schema allows no quote or backslash in them. */
const toTextArray = (values: string[]) =>
  sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;

/** True when the database holds no catalogue of the brand yet (a fresh start). */
export async function isCatalogueEmpty(database: Database, brand: BrandId): Promise<boolean> {
  const result = (await database.db.execute(
    sql`SELECT NOT EXISTS (SELECT 1 FROM playlists WHERE brand = ${brand}) AS empty`,
  )) as unknown as { rows: { empty: boolean }[] };
  return result.rows[0]?.empty ?? true;
}
