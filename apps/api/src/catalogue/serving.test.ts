import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoCatalogue } from '../catalogue/demo.ts';
import { importCatalogue } from '../catalogue/import.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import {
  retitleRowsOnly as retitleRows,
  startedCatalogue,
  titleServed,
} from '../test-support/serving-catalogue.ts';
import { fixtureCatalogue, ids } from '../test-support/fixture-catalogue.ts';
import { createCatalogueEditor } from '../repositories/catalogue-editor.ts';
import { checkedOf } from './checked-answers.ts';
import { createServingCatalogue, type ServingCatalogue } from './serving.ts';
import { searchWords } from './song-search-index.ts';

describe('searchWords', () => {
  it('keeps lower-case words and drops any syntax', () => {
    expect(searchWords("Don't  Stop!")).toEqual(['don', 't', 'stop']);
    expect(searchWords('a&b|c:*')).toEqual(['a', 'b', 'c']);
    expect(searchWords(' !? ')).toEqual([]);
  });
});

describe.each(testEngines())('the catalogue serving copy on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });
  afterAll(() => database.close());

  it('keep answering from memory until a newer catalogue is imported', async () => {
    const catalogue = createServingCatalogue(database.db);
    await catalogue.refresh();
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'chill Vibes',
    );

    const renamed = {
      ...fixtureCatalogue,
      playlists: fixtureCatalogue.playlists.map((playlist) =>
        playlist.id === 'chill' ? { ...playlist, name: 'Chill Renamed' } : playlist,
      ),
    };
    await importCatalogue(database, 'nightcore', renamed);
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'chill Vibes',
    );

    await catalogue.refresh();
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'Chill Renamed',
    );
    expect(
      (await catalogue.of('nightcore').listPlaylists({})).map((card) => card.category_name),
    ).toContain('Chill Renamed');
  });
});

const orders = [
  { orderBy: 'title', orderDir: 'ASC' },
  { orderBy: 'title', orderDir: 'DESC' },
  { orderBy: 'date_added', orderDir: 'ASC' },
  { orderBy: 'date_added', orderDir: 'DESC' },
] as const;
/** What visitors read of a catalogue: its playlists, songs and searches, as sent. */
const served = async (catalogue: ServingCatalogue, searches: string[]) => {
  const brand = catalogue.of('nightcore');
  const playlists = await brand.listPlaylists({});
  const details = await Promise.all(playlists.map((card) => brand.getPlaylist(card.id)));
  return {
    playlists,
    details: details.map((detail) => ({
      detail,
      // The bytes kept for the answer: what is sent.
      sent: String(checkedOf(detail!)?.okEnvelope),
    })),
    songs: await Promise.all(
      details.flatMap((detail) =>
        detail!.songs.map((song) => brand.getSongInPlaylist(song.youtube_url, detail!.playlist.id)),
      ),
    ),
    searches: await Promise.all(
      searches.flatMap((s) =>
        orders.flatMap((order) => [
          brand.search({ s, ...order }),
          brand.search({ s, ...order, type: 'artist' }),
        ]),
      ),
    ),
    songCount: brand.snapshot.songCount,
  };
};

describe.each(testEngines())('the stored copy on %s', (engine) => {
  let database: Database;
  let copyFolder: string;
  const actor = { email: 'team@example.com', brand: 'nightcore' as const };
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    copyFolder = await mkdtemp(path.join(os.tmpdir(), 'fansite-copies-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(copyFolder, { recursive: true, force: true });
  });

  /** A starting process's catalogue: the stored copies if they may be used, else the rows. */
  const started = () => startedCatalogue(database.db, { copyFolder });
  const retitleRowsOnly = (title: string) => retitleRows(database.db, title);

  it('is what the next start serves, the edits since patched in, and never another state', async () => {
    const first = await started();
    const searches = ['sky', 'skz', 'nightcore', 'luna'];
    const built = await served(first, searches);
    // Both brands' copies are in the folder, and the next start serves them as they were built.
    expect((await readdir(copyFolder)).sort()).toEqual(['nightcore.copy', 'slowed-reverb.copy']);
    const title = titleServed(first);
    await retitleRowsOnly('Changed Behind The Copy');
    const second = await started();
    expect(titleServed(second)).toBe(title);
    expect(await served(second, searches)).toEqual(built);

    // A staff edit since the copy was built is patched in, as a running process patches it.
    const editor = createCatalogueEditor(database.db, { onChange: () => undefined });
    await editor.addSong(actor, {
      youtubeId: 'storedCopy1',
      playlistId: 'chill',
      title: 'Stored Copy Song',
      authorName: 'Nova Crew',
      durationSeconds: 180,
      description: 'Added after the copy',
    });
    const third = await started();
    expect(third.version).toBe(first.version + 1);
    expect(titleServed(third)).toBe(title);
    expect(
      (await third.of('nightcore').search({ s: 'stored copy' })).map((song) => song.youtube_url),
    ).toEqual(['storedCopy1']);

    // Another state of the database under the same version numbers (another database, or one
    // restored and edited since) has other stamps: the copy is not used, the rows are.
    await database.db.execute(sql`UPDATE catalogue_versions SET stamp = gen_random_uuid()`);
    const fourth = await started();
    expect(titleServed(fourth)).toBe('Changed Behind The Copy');

    // That start stored its own copy; an import after it means the rows again.
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    const fifth = await started();
    expect(titleServed(fifth)).toBe(title);
    expect(fifth.version).toBe(fourth.version + 1);
  });

  it.runIf(engine === 'postgres')(
    'is built by a worker process on PostgreSQL, or here when the worker cannot',
    async () => {
      const searches = ['sky', 'skz', 'nightcore', 'luna'];
      const inThisThread = createServingCatalogue(database.db);
      await inThisThread.refresh();
      const built = await served(inThisThread, searches);

      const errors: unknown[] = [];
      const folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-worker-copies-'));
      const start = (workerDatabaseUrl: string) => {
        const catalogue = createServingCatalogue(database.db, {
          copyFolder: folder,
          workerDatabaseUrl,
          onCopyError: (error) => errors.push(error),
        });
        return catalogue.refresh().then(() => catalogue);
      };
      try {
        const inWorker = await start((database as { url?: string }).url!);
        expect(errors).toEqual([]);
        // Stored by the worker before the copies served: read from there.
        expect((await readdir(folder)).sort()).toEqual(['nightcore.copy', 'slowed-reverb.copy']);
        expect(await served(inWorker, searches)).toEqual(built);

        await rm(folder, { recursive: true });
        const unreachable = await start('postgres://nobody:wrong@127.0.0.1:1/nothing');
        await unreachable.stored();
        expect(errors).toHaveLength(1);
        // The worker's reason, in words, without the address's password.
        expect(String(errors[0])).toContain('ECONNREFUSED');
        expect(String(errors[0])).not.toContain('wrong');
        expect(await served(unreachable, searches)).toEqual(built);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('starts from the rows when a stored copy is cut short, and stores a whole one', async () => {
    await started();
    const file = path.join(copyFolder, 'nightcore.copy');
    const whole = await readFile(file);
    await writeFile(file, whole.subarray(0, whole.length >> 1));
    await retitleRowsOnly('Read From The Rows');
    const catalogue = await started();
    expect(titleServed(catalogue)).toBe('Read From The Rows');
    expect((await readFile(file)).length).toBeGreaterThan(whole.length >> 1);
  });
});

describe.each(testEngines())('a staff edit on %s', (engine) => {
  let database: Database;
  const actor = { email: 'team@example.com', brand: 'nightcore' as const };
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });
  afterAll(() => database.close());

  const fresh = async () => {
    const catalogue = createServingCatalogue(database.db);
    await catalogue.refresh();
    return catalogue;
  };

  it('reaches this copy at once and another on its next look, patched as a build would be', async () => {
    const here = createServingCatalogue(database.db);
    const there = createServingCatalogue(database.db);
    await Promise.all([here.refresh(), there.refresh()]);
    const editor = createCatalogueEditor(database.db, { onChange: () => here.refresh() });
    const versionBefore = here.version;
    const untouched = await here.of('nightcore').getPlaylist('chill');
    const untouchedSong = here.of('nightcore').snapshot.summary(ids.sky);

    await editor.addSong(actor, {
      youtubeId: 'starLit0006',
      playlistId: 'network',
      title: 'Starlight Parade',
      authorName: 'Nova Crew',
      durationSeconds: 180,
      description: 'A new one',
    });
    // The next read in this process: no refresh in between.
    const nightcore = here.of('nightcore');
    expect(here.version).toBe(versionBefore + 1);
    expect((await nightcore.getPlaylist('network'))!.songs.map((song) => song.youtube_url)).toEqual(
      [ids.moonlight, ids.neonRush, 'starLit0006'],
    );
    expect((await nightcore.search({ s: 'starlight' })).map((song) => song.title)).toEqual([
      'Starlight Parade',
    ]);
    expect((await nightcore.search({ s: 'starlght parade' })).map((song) => song.title)).toEqual([
      'Starlight Parade',
    ]);
    expect((await nightcore.search({ s: 'nova', type: 'artist' })).length).toBe(1);
    // Patched, not built again: what the edit did not touch is the very same object.
    expect(await nightcore.getPlaylist('chill')).toBe(untouched);
    // Summaries are made when asked for, from columns the patch shares.
    expect(nightcore.snapshot.summary(ids.sky)).toEqual(untouchedSong);

    // Another process learns of the edit from the stored version and the change log.
    expect(await there.of('nightcore').getPlaylist('network')).not.toEqual(
      await nightcore.getPlaylist('network'),
    );
    await there.refresh();
    expect(there.version).toBe(here.version);
    expect(await there.of('nightcore').getPlaylist('network')).toEqual(
      await nightcore.getPlaylist('network'),
    );

    await editor.updatePlaylist(actor, {
      id: 'new',
      name: 'Fresh Songs',
      description: 'Newest uploads',
      special: false,
      home: true,
    });
    await editor.moveSong(actor, ids.sky, 'chill', 'new');
    await editor.reorderSong(actor, ids.neonRush, 'network', 'up');
    await editor.removeSong(actor, ids.blueSky);
    await editor.createPlaylist(actor, {
      id: 'summer',
      name: 'Summer',
      description: '',
      special: false,
      home: true,
    });
    await editor.movePlaylist(actor, 'summer', 'up');
    await there.refresh();

    const searches = ['sky', 'luna', 'fresh', 'starlight', 'blue', 'neon rush', 'aero', 'skie'];
    const built = await served(await fresh(), searches);
    expect(built.songs.find((song) => song?.youtube_url === ids.moonlight)?.category_name).toBe(
      'Fresh Songs',
    );
    expect(built.songCount).toBe(5);
    expect(await served(here, searches)).toEqual(built);
    expect(await served(there, searches)).toEqual(built);
  });

  it('reads a large edit in statements of a few rows, so that requests are answered between them', async () => {
    // Playlists and home songs past one statement's worth each: 500 songs, 62 playlists.
    const demo = generateDemoCatalogue({ songs: 500 });
    const emptyPlaylists = Array.from({ length: 50 }, (_, index) => ({
      ...demo.playlists[0]!,
      id: `extra-${index}`,
      name: `Extra ${index}`,
      songs: [],
    }));
    await importCatalogue(database, 'nightcore', {
      ...demo,
      playlists: [...demo.playlists, ...emptyPlaylists],
    });
    const there = await fresh();
    const homeSongs = new Map<string, number>();
    for (const song of demo.songs) {
      homeSongs.set(song.category_id, (homeSongs.get(song.category_id) ?? 0) + 1);
    }
    const [largest] = [...homeSongs].sort((a, b) => b[1] - a[1])[0]!;
    const playlist = demo.playlists.find(({ id }) => id === largest)!;
    const editor = createCatalogueEditor(database.db, { onChange: () => {} });
    await editor.updatePlaylist(actor, {
      id: playlist.id,
      name: 'Renamed',
      description: '',
      special: playlist.special,
      home: playlist.home,
    });

    const statements = vi.spyOn(database.db, 'execute');
    await there.refresh();
    const rowsPerStatement = await Promise.all(
      statements.mock.results.map(async ({ value }) => (await value).rows.length as number),
    );
    statements.mockRestore();
    expect(Math.max(...rowsPerStatement)).toBeLessThanOrEqual(50);
    const searches = ['nightcore', 'love'];
    expect(await served(there, searches)).toEqual(await served(await fresh(), searches));
    expect(
      there
        .of('nightcore')
        .snapshot.summary(demo.songs.find((song) => song.category_id === largest)!.youtube_id)
        ?.category_name,
    ).toBe('Renamed');
  });

  it('builds a new copy after an import, which logs no change', async () => {
    const catalogue = await fresh();
    const before = await catalogue.of('nightcore').getPlaylist('chill');
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    await catalogue.refresh();
    const after = await catalogue.of('nightcore').getPlaylist('chill');
    expect(after).not.toBe(before);
    expect(after!.songs.map((song) => song.youtube_url)).toEqual([
      ids.blueSky,
      ids.skyHigh,
      ids.sky,
    ]);
  });
});
