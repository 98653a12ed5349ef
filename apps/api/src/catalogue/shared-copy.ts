import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BRAND_IDS, type BrandId } from '@fansite/brand-config';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sharedCatalogueCopies, sharedCatalogueCopyPieces } from '../db/schema.ts';
import { tellCopiesSharing } from '../repositories/catalogue-rows.ts';
import { buildAndStoreCopy } from './build-copy.ts';
import { replaceStoredFile, STORED_COPY_FORMAT, storedCopyFile } from './stored-copy.ts';

/**
 * A brand's stored copy (`stored-copy.ts`) shared through PostgreSQL, which every process of a
 * site reaches: the process that built a copy puts its file there, and a process with no usable
 * file of its own (a new machine, a fresh container, the first start after an import the operator
 * ran) fetches it instead of reading a million rows and building it (docs/catalogue-engine.md).
 * The bytes travel in COPY's binary format, as they are: read with one `SELECT` per piece they
 * came at 80 MB/s (each value hex-encoded and parsed), a million songs' 800 MB in 10 s.
 */

/** What a shared copy is, before its bytes are fetched. */
export interface SharedCopyInfo {
  version: number;
  stamp: string;
  format: number;
  bytes: number;
}

/** How often a command building copies to share says it still is (`tellCopiesSharing`). */
const SHARING_HEARTBEAT_MS = 5_000;

/** Namespace of the per-brand advisory lock held while a brand's copy is shared. */
const SHARING_LOCK = 72110003;

/** Bytes per piece: a piece is one value in one row, written and read whole. */
const PIECE_BYTES = 1 << 20;

/** COPY's binary format: its signature, then flags and the header extension's length. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const COPY_HEADER_BYTES = COPY_SIGNATURE.length + 8;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function sharedCopyInfo(
  database: Pick<Database, 'db'>,
  brand: BrandId,
): Promise<SharedCopyInfo | null> {
  const [row] = await database.db
    .select({
      version: sharedCatalogueCopies.version,
      stamp: sharedCatalogueCopies.stamp,
      format: sharedCatalogueCopies.format,
      bytes: sharedCatalogueCopies.bytes,
    })
    .from(sharedCatalogueCopies)
    .where(eq(sharedCatalogueCopies.brand, brand));
  return row ?? null;
}

/**
 * Shares `file`, the brand's stored copy built at `version` (whose stamp is `stamp`), in place of
 * the brand's shared copy, in one transaction: a process fetching meanwhile gets the old copy
 * whole. The file is given open, so that a newer build renaming its own into place meanwhile
 * changes nothing of what is shared. False when that copy is already there (another process
 * shared it) or the database is the embedded one, which no other process opens.
 *
 * Processes share the same copy at the same time: after an import, the operator's command and
 * each running server's build worker build the version it made. One brand's copy is shared by one
 * transaction at a time (a lock taken first), which looks again, under the lock, whether the copy
 * is there already: two writing the same copy's pieces at once, the second failed on the first's
 * rows (and the operator's import reported an error after it had committed).
 */
export async function shareStoredCopy(
  database: Database,
  file: FileHandle,
  brand: BrandId,
  { version, stamp }: { version: number; stamp: string },
): Promise<boolean> {
  if (!database.transactionWithCopy) return false;
  const isShared = (shared: Pick<SharedCopyInfo, 'stamp' | 'format'> | null | undefined) =>
    shared?.stamp === stamp && shared.format === STORED_COPY_FORMAT;
  // Most often a copy another process shared already: found without waiting for a lock.
  if (isShared(await sharedCopyInfo(database, brand))) return false;
  const { size } = await file.stat();
  return database.transactionWithCopy(async (tx, copy) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SHARING_LOCK}, hashtext(${brand}))`);
    const [shared] = await tx
      .select({ stamp: sharedCatalogueCopies.stamp, format: sharedCatalogueCopies.format })
      .from(sharedCatalogueCopies)
      .where(eq(sharedCatalogueCopies.brand, brand));
    if (isShared(shared)) return false;
    await tx.delete(sharedCatalogueCopyPieces).where(eq(sharedCatalogueCopyPieces.brand, brand));
    await copy(
      'COPY shared_catalogue_copy_pieces (brand, stamp, piece, bytes) FROM STDIN (FORMAT binary)',
      copyRowsOf(file, brand, stamp),
    );
    const row = { version, stamp, format: STORED_COPY_FORMAT, bytes: size };
    await tx
      .insert(sharedCatalogueCopies)
      .values({ brand, ...row })
      .onConflictDoUpdate({ target: sharedCatalogueCopies.brand, set: row });
    return true;
  });
}

/** The file's pieces as the rows of a binary COPY: (brand, stamp, piece number, bytes). */
async function* copyRowsOf(
  file: FileHandle,
  brand: BrandId,
  stamp: string,
): AsyncGenerator<Uint8Array> {
  const header = Buffer.alloc(COPY_HEADER_BYTES);
  COPY_SIGNATURE.copy(header);
  yield header;
  const brandBytes = Buffer.from(brand);
  const stampBytes = Buffer.from(stamp.replaceAll('-', ''), 'hex');
  for (let piece = 0; ; piece++) {
    const bytes = Buffer.allocUnsafe(PIECE_BYTES);
    const { bytesRead } = await file.read(bytes, 0, PIECE_BYTES, piece * PIECE_BYTES);
    if (bytesRead === 0) break;
    const start = Buffer.alloc(2 + 4 + brandBytes.length + 4 + 16 + 4 + 4 + 4);
    let at = start.writeInt16BE(4);
    at = start.writeInt32BE(brandBytes.length, at);
    at += brandBytes.copy(start, at);
    at = start.writeInt32BE(16, at);
    at += stampBytes.copy(start, at);
    at = start.writeInt32BE(4, at);
    at = start.writeInt32BE(piece, at);
    start.writeInt32BE(bytesRead, at);
    yield start;
    yield bytes.subarray(0, bytesRead);
  }
  const end = Buffer.alloc(2);
  end.writeInt16BE(-1);
  yield end;
}

/**
 * Builds every brand's copy of the catalogue as it now is for the servers' next start, as the
 * operator's import does after it commits: on PostgreSQL it is shared (through a temporary
 * folder, removed after), and any server started later, on any machine, fetches it; on the
 * embedded database it is stored in `copyFolder`, the data folder's, which the server starting
 * there next reads. One brand at a time. Null when there is nowhere to put it: the embedded
 * database without a folder (inside the server, whose catalogue builds and stores its own).
 */
export async function buildCopiesForNextStart(
  database: Database,
  { copyFolder }: { copyFolder?: string },
): Promise<'shared' | 'stored' | null> {
  if (database.transactionWithCopy) {
    // Running servers wait for these copies while this process is heard from
    // (`copiesBeingShared`), rather than each building its own beside it.
    await tellCopiesSharing(database.db, 'building');
    const heartbeat = setInterval(() => {
      tellCopiesSharing(database.db, 'building').catch(() => undefined);
    }, SHARING_HEARTBEAT_MS);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-catalogue-copy-'));
    try {
      for (const brand of BRAND_IDS) {
        const copy = await buildAndStoreCopy(database.db, brand, folder);
        const file = await open(storedCopyFile(folder, brand), 'r');
        try {
          await shareStoredCopy(database, file, brand, copy);
        } finally {
          await file.close();
        }
        await rm(storedCopyFile(folder, brand));
      }
    } finally {
      clearInterval(heartbeat);
      // Shared, or failed: either way servers no longer wait.
      await tellCopiesSharing(database.db, 'done').catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    }
    return 'shared';
  }
  if (copyFolder === undefined) return null;
  for (const brand of BRAND_IDS) await buildAndStoreCopy(database.db, brand, copyFolder);
  return 'stored';
}

/**
 * Fetches the brand's shared copy into `folder` as its file (replacing it whole) when `wanted`
 * says the copy is of use; false when there is none, it is of another format, or not wanted.
 * PostgreSQL only: false on the embedded database.
 */
export async function fetchSharedCopy(
  database: Database,
  folder: string,
  brand: BrandId,
  wanted: (shared: SharedCopyInfo) => Promise<boolean>,
): Promise<boolean> {
  const { copyOut } = database;
  if (!copyOut) return false;
  const shared = await sharedCopyInfo(database, brand);
  if (!shared || shared.format !== STORED_COPY_FORMAT || !(await wanted(shared))) return false;
  // COPY takes no parameters: the brand is one of the known ids and the stamp a uuid.
  if (!UUID_PATTERN.test(shared.stamp)) return false;
  const statement = `COPY (SELECT bytes FROM shared_catalogue_copy_pieces WHERE brand = '${brand}' AND stamp = '${shared.stamp}' ORDER BY piece) TO STDOUT (FORMAT binary)`;
  return replaceStoredFile(folder, brand, (write) =>
    copyOut(statement, async (output) => {
      let bytes = 0;
      for await (const piece of fieldBytes(output)) {
        bytes += piece.byteLength;
        await write(piece);
      }
      // Another process may have shared a newer copy meanwhile (its pieces under another stamp).
      return bytes === shared.bytes;
    }),
  );
}

/**
 * The bytes of a one-column binary COPY's values, in order, as they arrive (a value's bytes may
 * come in several pieces): the format's header, each row's field count and each value's length
 * are read and left out.
 */
async function* fieldBytes(output: Readable): AsyncGenerator<Buffer> {
  let framing: Buffer = Buffer.alloc(0);
  let valueLeft = 0;
  let headerRead = false;
  let ended = false;
  for await (const chunk of output as AsyncIterable<Buffer>) {
    let rest = chunk;
    while (rest.length > 0) {
      if (valueLeft > 0) {
        const take = Math.min(valueLeft, rest.length);
        yield rest.subarray(0, take);
        valueLeft -= take;
        rest = rest.subarray(take);
        continue;
      }
      if (ended) throw new Error('The shared copy went on after its end.');
      // Framing is a few bytes; what a chunk holds after it is a value's, read on the next turn.
      framing = framing.length > 0 ? Buffer.concat([framing, rest]) : rest;
      rest = Buffer.alloc(0);
      if (!headerRead) {
        if (framing.length < COPY_HEADER_BYTES) continue;
        if (!framing.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) {
          throw new Error('The shared copy did not come in COPY’s binary format.');
        }
        const extension = framing.readUInt32BE(COPY_HEADER_BYTES - 4);
        if (framing.length < COPY_HEADER_BYTES + extension) continue;
        framing = framing.subarray(COPY_HEADER_BYTES + extension);
        headerRead = true;
      }
      if (framing.length < 2) continue;
      const fields = framing.readInt16BE(0);
      if (fields === -1) {
        ended = true;
        rest = framing.subarray(2);
        framing = Buffer.alloc(0);
        continue;
      }
      if (fields !== 1) throw new Error(`The shared copy came with ${fields} fields a row.`);
      if (framing.length < 6) continue;
      valueLeft = framing.readInt32BE(2);
      if (valueLeft < 0) throw new Error('The shared copy has a piece without bytes.');
      rest = framing.subarray(6);
      framing = Buffer.alloc(0);
    }
  }
  if (!ended || valueLeft > 0) throw new Error('The shared copy ended before its last piece.');
}
