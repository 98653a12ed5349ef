import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import {
  fixtureCatalogue,
  ids,
  slowedIds,
  slowedReverbFixture,
} from '../test-support/fixture-catalogue.ts';
import { generateDemoCatalogue } from './demo.ts';
import { CatalogueError, importCatalogue, isCatalogueEmpty } from './import.ts';

describe.each(testEngines())('importCatalogue on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  const count = async (table: string) =>
    (
      (await database.db.execute(
        sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it('loads a catalogue into an empty database', async () => {
    expect(await isCatalogueEmpty(database, 'nightcore')).toBe(true);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    expect(await isCatalogueEmpty(database, 'nightcore')).toBe(false);
    expect(await count('songs')).toBe(5);
    expect(await count('playlist_songs')).toBe(7);
  });

  it("leaves the planner's statistics of the catalogue's tables, committed with the rows", async () => {
    // Without them the serving copy's pages were read by sorting every song for each page.
    const analyzed = (await database.db.execute(
      sql`SELECT relname AS table, reltuples::int AS rows FROM pg_class
          WHERE relname IN ('songs', 'playlists', 'playlist_songs') ORDER BY relname`,
    )) as unknown as { rows: { table: string; rows: number }[] };
    expect(analyzed.rows).toEqual([
      { table: 'playlist_songs', rows: 7 },
      { table: 'playlists', rows: await count('playlists') },
      { table: 'songs', rows: 5 },
    ]);
  });

  it('replaces the catalogue, deleting only what the new file leaves out', async () => {
    const withoutSky = {
      playlists: fixtureCatalogue.playlists.map((playlist) => ({
        ...playlist,
        songs: playlist.songs.filter((id) => id !== ids.sky),
      })),
      songs: fixtureCatalogue.songs
        .filter((song) => song.youtube_id !== ids.sky)
        .map((song) =>
          song.youtube_id === ids.blueSky ? { ...song, title: 'Blue Sky (2025)' } : song,
        ),
    };
    await importCatalogue(database, 'nightcore', withoutSky);
    expect(await count('songs')).toBe(4);
    const titles = (await database.db.execute(
      sql`SELECT title FROM songs WHERE youtube_id = ${ids.blueSky}`,
    )) as unknown as { rows: { title: string }[] };
    expect(titles.rows).toEqual([{ title: 'Blue Sky (2025)' }]);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    expect(await count('songs')).toBe(5);
  });

  it('takes a new play order and a song moved to another playlist, rewriting only those rows', async () => {
    type Row = { playlist_id: string; youtube_id: string; position: number };
    const playOrders = async () =>
      (
        (await database.db.execute(
          sql`SELECT playlist_id, youtube_id, position FROM playlist_songs
              WHERE brand = 'nightcore' ORDER BY playlist_id, position`,
        )) as unknown as { rows: Row[] }
      ).rows;
    const rowVersion = async (youtubeId: string) =>
      (
        (await database.db.execute(
          sql`SELECT xmin::text AS version FROM songs WHERE youtube_id = ${youtubeId}`,
        )) as unknown as { rows: { version: string }[] }
      ).rows[0]!.version;
    const untouchedBefore = await rowVersion(ids.moonlight);
    // The chill playlist played backwards (every position taken by another song), and Sky moved
    // from chill to the network playlist's end.
    const reordered = {
      playlists: fixtureCatalogue.playlists.map((playlist) =>
        playlist.id === 'chill'
          ? { ...playlist, songs: [ids.skyHigh, ids.blueSky] }
          : playlist.id === 'network'
            ? { ...playlist, songs: [...playlist.songs, ids.sky] }
            : playlist,
      ),
      songs: fixtureCatalogue.songs.map((song) =>
        song.youtube_id === ids.sky ? { ...song, category_id: 'network' } : song,
      ),
    };
    await importCatalogue(database, 'nightcore', reordered);
    expect(await playOrders()).toEqual([
      { playlist_id: 'chill', youtube_id: ids.skyHigh, position: 0 },
      { playlist_id: 'chill', youtube_id: ids.blueSky, position: 1 },
      { playlist_id: 'network', youtube_id: ids.moonlight, position: 0 },
      { playlist_id: 'network', youtube_id: ids.neonRush, position: 1 },
      { playlist_id: 'network', youtube_id: ids.sky, position: 2 },
      { playlist_id: 'new', youtube_id: ids.neonRush, position: 0 },
      { playlist_id: 'new', youtube_id: ids.moonlight, position: 1 },
    ]);
    const moved = (await database.db.execute(
      sql`SELECT category_id FROM songs WHERE youtube_id = ${ids.sky}`,
    )) as unknown as { rows: { category_id: string }[] };
    expect(moved.rows).toEqual([{ category_id: 'network' }]);
    // A song the file did not change is the same row version: the import wrote nothing to it.
    expect(await rowVersion(ids.moonlight)).toBe(untouchedBefore);

    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    expect((await playOrders()).filter((row) => row.playlist_id === 'chill')).toEqual([
      { playlist_id: 'chill', youtube_id: ids.blueSky, position: 0 },
      { playlist_id: 'chill', youtube_id: ids.skyHigh, position: 1 },
      { playlist_id: 'chill', youtube_id: ids.sky, position: 2 },
    ]);
  });

  it('keeps every link of the catalogue when many new rows are written at once', async () => {
    const foreignKeys = async () =>
      (
        (await database.db.execute(
          sql`SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS definition
              FROM pg_constraint WHERE contype = 'f'
                AND conrelid IN ('songs'::regclass, 'playlist_songs'::regclass)
              ORDER BY conname`,
        )) as unknown as { rows: { table: string; definition: string }[] }
      ).rows;
    const indexes = async () =>
      (
        (await database.db.execute(
          sql`SELECT indexdef FROM pg_indexes
              WHERE tablename IN ('songs', 'playlist_songs') ORDER BY indexname`,
        )) as unknown as { rows: { indexdef: string }[] }
      ).rows;
    const before = await foreignKeys();
    expect(before).toHaveLength(3);
    const indexesBefore = await indexes();
    expect(indexesBefore).toHaveLength(5);
    // From one new row on, as a first import of a large catalogue does on PostgreSQL.
    const withNewSong = {
      playlists: fixtureCatalogue.playlists.map((playlist) =>
        playlist.id === 'new'
          ? { ...playlist, songs: [...playlist.songs, 'newSong0001'] }
          : playlist,
      ),
      songs: [
        ...fixtureCatalogue.songs,
        { ...fixtureCatalogue.songs[0]!, youtube_id: 'newSong0001', category_id: 'new' },
      ],
    };
    await importCatalogue(database, 'nightcore', withNewSong, { setKeysAsideFrom: 1 });
    expect(await count('songs')).toBe(6);
    expect(await foreignKeys()).toEqual(before);
    expect(await indexes()).toEqual(indexesBefore);
    await expect(
      database.db.execute(
        sql`INSERT INTO playlist_songs (brand, playlist_id, youtube_id, position)
            VALUES ('nightcore', 'new', 'missing0001', 99)`,
      ),
    ).rejects.toThrow();
    await importCatalogue(database, 'nightcore', fixtureCatalogue, { setKeysAsideFrom: 1 });
    expect(await count('songs')).toBe(5);
    expect(await count('playlist_songs')).toBe(7);
  });

  it('writes a catalogue larger than one statement takes, every row once', async () => {
    // 2,500 songs and their play orders: three slices of the embedded database's statements.
    const large = generateDemoCatalogue({ songs: 2_500 });
    const entries = large.playlists.reduce((sum, playlist) => sum + playlist.songs.length, 0);
    await importCatalogue(database, 'nightcore', large);
    expect(await count('songs')).toBe(2_500);
    expect(await count('playlist_songs')).toBe(entries);
    const edited = {
      ...large,
      songs: large.songs.map((song, index) =>
        index % 1_000 === 999 ? { ...song, title: `${song.title} (live)` } : song,
      ),
    };
    await importCatalogue(database, 'nightcore', edited);
    const live = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM songs WHERE title LIKE '% (live)'`,
    )) as unknown as { rows: { n: number }[] };
    expect(live.rows[0]!.n).toBe(2);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    expect(await count('songs')).toBe(5);
  });

  it("keeps a text's tabs, line breaks, backslashes and quotes as the file wrote them", async () => {
    const description = 'Line one\n\tindented\r\nC:\\music\\N "quoted" \\N';
    const title = 'Tab\there \\ back';
    const unusual = {
      ...fixtureCatalogue,
      songs: fixtureCatalogue.songs.map((song) =>
        song.youtube_id === ids.sky ? { ...song, title, description } : song,
      ),
    };
    await importCatalogue(database, 'nightcore', unusual);
    const stored = (await database.db.execute(
      sql`SELECT title, description FROM songs WHERE youtube_id = ${ids.sky}`,
    )) as unknown as { rows: { title: string; description: string }[] };
    expect(stored.rows).toEqual([{ title, description }]);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });

  it('rejects a file with broken links and keeps the catalogue it had', async () => {
    const broken = {
      ...fixtureCatalogue,
      playlists: [{ ...fixtureCatalogue.playlists[0]!, songs: ['missing0001'] }],
      songs: [{ ...fixtureCatalogue.songs[0]!, category_id: 'nowhere' }],
    };
    const failure = importCatalogue(database, 'nightcore', broken);
    await expect(failure).rejects.toBeInstanceOf(CatalogueError);
    await expect(failure).rejects.toMatchObject({
      problems: [
        `song "${ids.blueSky}" has unknown category_id "nowhere"`,
        'playlist "new" lists unknown song "missing0001"',
      ],
    });
    expect(await count('songs')).toBe(5);
  });

  it('rejects a file that does not match the format, naming the field', async () => {
    await expect(
      importCatalogue(database, 'nightcore', { playlists: [], songs: [{ youtube_id: 'short' }] }),
    ).rejects.toThrow(
      /songs\.0\.youtube_id: A YouTube video id has 11 letters, digits, hyphens or underscores\./,
    );
    expect(await count('songs')).toBe(5);
  });

  it("replaces one brand's catalogue and leaves the other brand's as it was", async () => {
    expect(await isCatalogueEmpty(database, 'slowed-reverb')).toBe(true);
    await importCatalogue(database, 'slowed-reverb', slowedReverbFixture);
    expect(await isCatalogueEmpty(database, 'slowed-reverb')).toBe(false);
    expect(await count('songs')).toBe(7);
    const playlistsOf = async (brand: string) =>
      (
        (await database.db.execute(
          sql`SELECT id, name FROM playlists WHERE brand = ${brand} ORDER BY id`,
        )) as unknown as { rows: { id: string; name: string }[] }
      ).rows;
    const nightcoreBefore = await playlistsOf('nightcore');
    // Both brands have a playlist `new`, each its own.
    expect(nightcoreBefore).toContainEqual({ id: 'new', name: 'New Songs' });
    expect(await playlistsOf('slowed-reverb')).toContainEqual({
      id: 'new',
      name: 'Fresh Slowed Songs',
    });

    // A new slowed-reverb catalogue without one of its songs: nightcore keeps all of its own.
    await importCatalogue(database, 'slowed-reverb', {
      playlists: slowedReverbFixture.playlists.map((playlist) => ({
        ...playlist,
        songs: playlist.songs.filter((id) => id !== slowedIds.drift),
      })),
      songs: slowedReverbFixture.songs
        .filter((song) => song.youtube_id !== slowedIds.drift)
        .map((song) => ({ ...song, category_id: 'rainy' })),
    });
    expect(await count('songs')).toBe(6);
    expect(await playlistsOf('nightcore')).toEqual(nightcoreBefore);
    const nightcoreEntries = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM playlist_songs WHERE brand = 'nightcore'`,
    )) as unknown as { rows: { n: number }[] };
    expect(nightcoreEntries.rows[0]!.n).toBe(7);
    await importCatalogue(database, 'slowed-reverb', slowedReverbFixture);
  });

  it("refuses a file holding the other brand's videos, changing nothing", async () => {
    const stealing = {
      ...slowedReverbFixture,
      songs: [
        ...slowedReverbFixture.songs,
        { ...fixtureCatalogue.songs[0]!, category_id: 'rainy' },
      ],
    };
    await expect(importCatalogue(database, 'slowed-reverb', stealing)).rejects.toMatchObject({
      problems: [`song "${ids.blueSky}" is in the nightcore catalogue`],
    });
    const owner = (await database.db.execute(
      sql`SELECT brand FROM songs WHERE youtube_id = ${ids.blueSky}`,
    )) as unknown as { rows: { brand: string }[] };
    expect(owner.rows).toEqual([{ brand: 'nightcore' }]);
    expect(await count('songs')).toBe(7);
  });
});
