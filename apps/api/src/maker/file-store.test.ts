import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { createDatabaseFileStore, createFolderFileStore } from './file-store.ts';

describe('folder file store', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'file-store-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('keeps, reads and removes a file by key', async () => {
    const store = createFolderFileStore(path.join(folder, 'songs'));
    const local = path.join(folder, 'result.mp3');
    await writeFile(local, 'mp3 bytes');
    await store.put('abcdefgh12.mp3', local);
    const opened = await store.open('abcdefgh12.mp3');
    expect(opened?.size).toBe(9);
    expect(await text(opened!.stream)).toBe('mp3 bytes');
    await store.remove('abcdefgh12.mp3');
    await store.remove('abcdefgh12.mp3');
    expect(await store.open('abcdefgh12.mp3')).toBeNull();
    expect(await readdir(path.join(folder, 'songs'))).toEqual([]);
  });

  it('refuses keys that could name a path outside its folder', async () => {
    const store = createFolderFileStore(folder);
    await expect(store.open('../../etc/passwd.mp3')).rejects.toThrow('invalid file store key');
  });
});

describe.each(testEngines())('database file store on %s', (engine) => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    folder = await mkdtemp(path.join(tmpdir(), 'database-file-store-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps a file of several rows byte for byte, reads it from another store, and removes it', async () => {
    const song = randomBytes(2.5 * 1024 * 1024);
    const local = path.join(folder, 'result.mp3');
    await writeFile(local, song);
    await createDatabaseFileStore(database.db).put('abcdefgh12.mp3', local);
    // The local file was moved into the database, as the folder store moves it into its folder.
    await expect(access(local)).rejects.toThrow();

    // Another process's store: the same rows.
    const elsewhere = createDatabaseFileStore(database.db);
    const opened = await elsewhere.open('abcdefgh12.mp3');
    expect(opened?.size).toBe(song.length);
    expect((await buffer(opened!.stream)).equals(song)).toBe(true);

    await elsewhere.remove('abcdefgh12.mp3');
    await elsewhere.remove('abcdefgh12.mp3');
    expect(await elsewhere.open('abcdefgh12.mp3')).toBeNull();
  });

  it('refuses keys the folder store refuses', async () => {
    const store = createDatabaseFileStore(database.db);
    await expect(store.open('../../etc/passwd.mp3')).rejects.toThrow('invalid file store key');
  });
});
