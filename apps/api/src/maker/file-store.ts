import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { makerFileChunks } from '../db/schema.ts';

/**
 * Where converted songs are kept: the data folder with the embedded database, PostgreSQL itself
 * when the site runs on it (so that every process serves every song). Keys are the store's own (random) names, never a person's file name.
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

/** Rows of one megabyte: a 10 MB song is ten rows, and a download holds one in memory at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The store as rows of PostgreSQL (`maker_file_chunks`), shared by every process on the database.
 * A file is written in one transaction, so a download never sees half of one; it is read a row at
 * a time as the download is sent.
 */
export function createDatabaseFileStore(db: AppDb): FileStore {
  const chunksOf = (key: string) => eq(makerFileChunks.storageKey, checkedKey(key));
  return {
    async put(key, localPath) {
      checkedKey(key);
      await db.transaction(async (tx) => {
        // A key is random and written once, but a retried put must not leave a longer file behind.
        await tx.delete(makerFileChunks).where(chunksOf(key));
        let seq = 0;
        for await (const chunk of createReadStream(localPath, { highWaterMark: CHUNK_BYTES })) {
          await tx.insert(makerFileChunks).values({ storageKey: key, seq, bytes: chunk as Buffer });
          seq += 1;
        }
      });
      await rm(localPath, { force: true });
    },
    async open(key) {
      const [found] = await db
        .select({
          chunks: sql<number>`count(*)::int`,
          size: sql<number>`coalesce(sum(octet_length(${makerFileChunks.bytes})), 0)::int`,
        })
        .from(makerFileChunks)
        .where(chunksOf(key));
      if (!found || found.chunks === 0) return null;
      const { chunks, size } = found;
      async function* rows() {
        for (let seq = 0; seq < chunks; seq++) {
          const [row] = await db
            .select({ bytes: makerFileChunks.bytes })
            .from(makerFileChunks)
            .where(and(chunksOf(key), eq(makerFileChunks.seq, seq)));
          // Removed while it was being sent (its week ended): the download ends short.
          if (!row) throw new Error('the stored file was removed while it was read');
          // node-postgres gives a Buffer, PGlite a Uint8Array: either way, no copy.
          yield Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
        }
      }
      return { stream: Readable.from(rows(), { objectMode: false }), size };
    },
    async remove(key) {
      await db.delete(makerFileChunks).where(chunksOf(key));
    },
  };
}
