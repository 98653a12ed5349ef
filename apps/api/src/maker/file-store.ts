import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where converted songs are kept: the data folder today, object storage when the site runs on
 * several machines. Keys are the store's own (random) names, never a person's file name.
 */
export interface FileStore {
  /** Moves a finished local file into the store under `key`. */
  put(key: string, localPath: string): Promise<void>;
  /** The stored file as a stream and its size, or null when it is gone. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a file; removing one that is already gone is fine. */
  remove(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{8,128}\.mp3$/;

function checkedKey(key: string): string {
  // Keys come from the database, but a path must never leave the folder whatever a row holds.
  if (!KEY.test(key)) throw new Error('invalid file store key');
  return key;
}

/** The store as files in one folder of the data directory. */
export function createFolderFileStore(folder: string): FileStore {
  const pathOf = (key: string) => path.join(folder, checkedKey(key));
  return {
    async put(key, localPath) {
      await mkdir(folder, { recursive: true });
      try {
        await rename(localPath, pathOf(key));
      } catch (error) {
        // A temporary folder on another file system cannot be renamed across: copy instead.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, pathOf(key));
        await rm(localPath, { force: true });
      }
    },
    async open(key) {
      const filePath = pathOf(key);
      try {
        const { size } = await stat(filePath);
        return { stream: createReadStream(filePath), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
