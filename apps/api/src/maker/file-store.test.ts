import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderFileStore } from './file-store.ts';

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
