import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { catalogueStamp, catalogueVersion } from '../repositories/catalogue-rows.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { fixtureCatalogue, ids } from '../test-support/fixture-catalogue.ts';
import {
  retitleRowsOnly as retitleRows,
  startedCatalogue,
  titleServed,
} from '../test-support/serving-catalogue.ts';
import { importCatalogue } from './import.ts';
import {
  buildCopiesForNextStart,
  fetchSharedCopy,
  shareStoredCopy,
  sharedCopyInfo,
} from './shared-copy.ts';

const onPostgres = testEngines().includes('postgres');

describe.runIf(onPostgres)('the serving copy shared through PostgreSQL', () => {
  let database: Database & { url?: string };
  const folders: string[] = [];
  const newFolder = async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-shared-copy-'));
    folders.push(folder);
    return folder;
  };
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });
  afterAll(async () => {
    await database.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  /** A starting server's catalogue, wired as the server wires it (plugins/app/repositories.ts). */
  const started = (copyFolder: string, workerDatabaseUrl?: string) =>
    startedCatalogue(database.db, {
      copyFolder,
      workerDatabaseUrl,
      fetchShared: (brand, wanted) => fetchSharedCopy(database, copyFolder, brand, wanted),
    });
  const retitleRowsOnly = (title: string) => retitleRows(database.db, title);
  /** Shares the file at `file` as the nightcore copy of `copy`. */
  const share = async (file: string, copy: { version: number; stamp: string }) => {
    const handle = await open(file, 'r');
    try {
      return await shareStoredCopy(database, handle, 'nightcore', copy);
    } finally {
      await handle.close();
    }
  };

  it('is built and shared by the import, and fetched by a start with no copy, or an older one, of its own', async () => {
    const imported = titleServed(await started(await newFolder()));
    expect(await buildCopiesForNextStart(database, {})).toBe('shared');
    const version = await catalogueVersion(database.db);
    expect(await sharedCopyInfo(database, 'nightcore')).toMatchObject({
      version,
      stamp: await catalogueStamp(database.db, version),
    });

    // A new machine: its folder is empty. It serves the shared copy, not the rows.
    await retitleRowsOnly('Changed Behind The Copy');
    const fresh = await newFolder();
    const first = await started(fresh);
    expect(titleServed(first)).toBe(imported);
    expect((await readdir(fresh)).sort()).toEqual(['nightcore.copy', 'slowed-reverb.copy']);

    // A machine whose copy is older than the catalogue imported since fetches the new one.
    await importCatalogue(database, 'nightcore', {
      ...fixtureCatalogue,
      songs: fixtureCatalogue.songs.map((song) =>
        song.youtube_id === ids.sky ? { ...song, title: 'Imported Again' } : song,
      ),
    });
    await buildCopiesForNextStart(database, {});
    await retitleRowsOnly('Changed Behind The Copy Again');
    const second = await started(fresh);
    expect(titleServed(second)).toBe('Imported Again');
    expect(second.version).toBe(first.version + 1);

    // Another state of the database under the same version numbers has other stamps: the shared
    // copy is not fetched, the rows are read.
    await database.db.execute(sql`UPDATE catalogue_versions SET stamp = gen_random_uuid()`);
    expect(titleServed(await started(await newFolder()))).toBe('Changed Behind The Copy Again');
  });

  it('is shared by the worker that built a copy, once the server has it', async () => {
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    const version = await catalogueVersion(database.db);
    await started(await newFolder(), database.url);
    // The worker shares after the server has read its copies: a look every 100 ms for 20 s.
    for (let look = 0; look < 200; look++) {
      if ((await sharedCopyInfo(database, 'slowed-reverb'))?.version === version) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await sharedCopyInfo(database, 'nightcore')).toMatchObject({ version });
    expect(await sharedCopyInfo(database, 'slowed-reverb')).toMatchObject({ version });
  });

  it('travels byte for byte, in pieces, and is replaced whole', async () => {
    // Not a copy the server could read: bytes of a size that ends in a short last piece.
    const from = await newFolder();
    const file = randomBytes(3 * (1 << 20) + 12_345);
    await writeFile(path.join(from, 'nightcore.copy'), file);
    const version = await catalogueVersion(database.db);
    const stamp = randomUUID();
    expect(await share(path.join(from, 'nightcore.copy'), { version, stamp })).toBe(true);
    // The same copy again is left as it is.
    expect(await share(path.join(from, 'nightcore.copy'), { version, stamp })).toBe(false);

    const to = await newFolder();
    let offered: unknown;
    const fetched = await fetchSharedCopy(database, to, 'nightcore', async (shared) => {
      offered = shared;
      return true;
    });
    expect(fetched).toBe(true);
    expect(offered).toMatchObject({ version, stamp, bytes: file.length });
    expect((await readFile(path.join(to, 'nightcore.copy'))).equals(file)).toBe(true);

    // Not wanted: the folder's file stays as it was.
    const other = await newFolder();
    await mkdir(other, { recursive: true });
    expect(await fetchSharedCopy(database, other, 'nightcore', async () => false)).toBe(false);
    expect(await readdir(other)).toEqual([]);

    // A smaller copy replaces it, none of the old pieces left behind.
    const smaller = randomBytes(1000);
    await writeFile(path.join(from, 'nightcore.copy'), smaller);
    await share(path.join(from, 'nightcore.copy'), { version, stamp: randomUUID() });
    await fetchSharedCopy(database, to, 'nightcore', async () => true);
    expect((await readFile(path.join(to, 'nightcore.copy'))).equals(smaller)).toBe(true);
    const [counted] = await queryRows(
      database.db,
      sql`SELECT count(*)::int AS pieces FROM shared_catalogue_copy_pieces WHERE brand = 'nightcore'`,
      z.object({ pieces: z.number() }),
    );
    expect(counted?.pieces).toBe(1);
  });

  it('is written outside the write-ahead log, its pieces and what it is alike', async () => {
    // A crash empties unlogged tables: both or neither, never a copy announced without its bytes.
    const persistence = await queryRows(
      database.db,
      sql`SELECT relname AS table, relpersistence AS persistence FROM pg_class
          WHERE relname IN ('shared_catalogue_copies', 'shared_catalogue_copy_pieces')
          ORDER BY relname`,
      z.object({ table: z.string(), persistence: z.string() }),
    );
    expect(persistence).toEqual([
      { table: 'shared_catalogue_copies', persistence: 'u' },
      { table: 'shared_catalogue_copy_pieces', persistence: 'u' },
    ]);
  });

  /** The fixture with the "sky" song's title changed, imported as `catalog import` does. */
  const importRetitled = (title: string) =>
    importCatalogue(
      database,
      'nightcore',
      {
        ...fixtureCatalogue,
        songs: fixtureCatalogue.songs.map((song) =>
          song.youtube_id === ids.sky ? { ...song, title } : song,
        ),
      },
      { sharesCopies: true },
    );

  it('is read by a running server after an import, in place of a build of its own', async () => {
    const server = await started(await newFolder());
    await importRetitled('Shared After Import');
    expect(await buildCopiesForNextStart(database, {})).toBe('shared');
    // Only a build from the rows would show this.
    await retitleRowsOnly('Built By The Server');

    await server.refresh();

    expect(titleServed(server)).toBe('Shared After Import');
    expect(server.version).toBe(await catalogueVersion(database.db));
  });

  it('is waited for by a running server while the import builds it, and read once shared', async () => {
    const server = await started(await newFolder());
    const before = titleServed(server);
    await importRetitled('Shared While Waiting');
    let refreshed = false;
    const refreshing = server.refresh().then(() => (refreshed = true));

    // The command is still building: the server serves what it had, and waits.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(refreshed).toBe(false);
    expect(titleServed(server)).toBe(before);

    expect(await buildCopiesForNextStart(database, {})).toBe('shared');
    await refreshing;
    expect(titleServed(server)).toBe('Shared While Waiting');
  });

  it('is not waited for once the command that would share it has gone silent', async () => {
    const server = await started(await newFolder());
    await importRetitled('Never Shared');
    // The command died after its commit, before it built anything.
    await database.db.execute(
      sql`UPDATE catalogue_versions SET copies_shared_by = now() - interval '1 minute'`,
    );
    await retitleRowsOnly('Built By The Server');

    await server.refresh();

    expect(titleServed(server)).toBe('Built By The Server');
  });

  it('is shared once when two processes share the same copy at the same time', async () => {
    // After an import, the operator's command and a server's build worker share its version.
    const from = await newFolder();
    const file = randomBytes(2 * (1 << 20) + 777);
    await writeFile(path.join(from, 'nightcore.copy'), file);
    const copy = { version: await catalogueVersion(database.db), stamp: randomUUID() };
    // A second process's connection to the same database.
    const other = await openDatabase({ url: database.url! });
    try {
      const handles = await Promise.all([0, 1].map(() => open(path.join(from, 'nightcore.copy'))));
      let shared: boolean[];
      try {
        shared = await Promise.all([
          shareStoredCopy(database, handles[0]!, 'nightcore', copy),
          shareStoredCopy(other, handles[1]!, 'nightcore', copy),
        ]);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
      expect(shared.sort()).toEqual([false, true]);
    } finally {
      await other.close();
    }

    const to = await newFolder();
    expect(await fetchSharedCopy(database, to, 'nightcore', async () => true)).toBe(true);
    expect((await readFile(path.join(to, 'nightcore.copy'))).equals(file)).toBe(true);
  });
});

describe('the serving copy an import leaves on the embedded database', () => {
  it('is stored in the data folder given, and the next start serves it, not the rows', async () => {
    const database = await openTestDatabase('pglite');
    const copyFolder = await mkdtemp(path.join(os.tmpdir(), 'fansite-stored-copy-'));
    try {
      await importCatalogue(database, 'nightcore', fixtureCatalogue);
      // Inside the server (no folder given) nothing is built: its catalogue builds its own.
      expect(await buildCopiesForNextStart(database, {})).toBeNull();
      expect(await buildCopiesForNextStart(database, { copyFolder })).toBe('stored');
      expect((await readdir(copyFolder)).sort()).toEqual(['nightcore.copy', 'slowed-reverb.copy']);
      await retitleRows(database.db, 'Changed Behind The Copy');
      expect(titleServed(await startedCatalogue(database.db, { copyFolder }))).toBe('Sky');
    } finally {
      await database.close();
      await rm(copyFolder, { recursive: true, force: true });
    }
  });
});
