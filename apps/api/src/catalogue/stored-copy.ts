import { type FileHandle, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BrandId } from '@fansite/brand-config';
import { CatalogueSnapshot, type StoredSnapshot } from './catalogue-snapshot.ts';
import { regionBuffer, regionsDropped } from './region-memory.ts';
import { type PartEntry, PartsReader, PartsWriter } from './stored-parts.ts';

/**
 * A brand's serving copy stored in a file, so that a starting process reads it in one go instead
 * of reading a million rows and building the copy again (docs/catalogue-engine.md). The file is
 * the copy as it was built at one catalogue version, stamped with that version's random stamp
 * (`catalogue_versions`): it is used only by a process whose database passed through exactly
 * that state, and the edits since are patched in as a running process patches them. Layout: a
 * magic line, the header's length (4 bytes, little-endian) and its JSON, then the parts on 8-byte
 * boundaries (`stored-parts.ts`): the kept ones, which the copy's arrays are views of, then the
 * transient ones (the packed search words, decoded once), read into a buffer of their own and
 * dropped, then those read on demand (the descriptions), left in the file and read one at a time.
 */

const MAGIC = Buffer.from('fansite serving copy\n');
/** Bumped whenever what is stored changes shape: a file of another format is never read. */
export const STORED_COPY_FORMAT = 4;
const ALIGNMENT = 8;

interface StoredCopyHeader {
  format: number;
  brand: BrandId;
  stamp: string;
  snapshot: StoredSnapshot;
  parts: PartEntry[];
  /** Where the transient parts begin, counted from the first part. */
  keptBytes: number;
  /** Where the parts read on demand begin, counted from the first part. */
  onDemandStart: number;
  /** All the parts' bytes, both regions. */
  partsBytes: number;
}

export interface StoredCopy {
  /** The stamp of the catalogue version the copy was built at. */
  stamp: string;
  snapshot: CatalogueSnapshot;
  /**
   * The bytes of the region the copy's parts are views of (`region-memory.ts`): to be passed to
   * `regionsDropped` when the copy, and every copy patched from it, is out of service.
   */
  regionBytes: number;
}

/** Where a server keeps its copies: `catalogue/` in its data folder. */
export const catalogueCopyFolder = (dataDir: string) => path.join(dataDir, 'catalogue');

/** The brand's file in `folder`. */
export const storedCopyFile = (folder: string, brand: BrandId) =>
  path.join(folder, `${brand}.copy`);

/**
 * Writes `snapshot` for `brand`, stamped, replacing the brand's file in one rename (a kill while
 * writing leaves the old file or none, never half of one). False for a patched copy, which is
 * not stored.
 */
export async function writeStoredCopy(
  folder: string,
  brand: BrandId,
  stamp: string,
  snapshot: CatalogueSnapshot,
): Promise<boolean> {
  const parts = new PartsWriter();
  const stored = await snapshot.stored(parts);
  if (!stored) return false;
  const { entries, keptBytes, onDemandStart, chunks } = parts.layout();
  const header: StoredCopyHeader = {
    format: STORED_COPY_FORMAT,
    brand,
    stamp,
    snapshot: stored,
    parts: entries,
    keptBytes,
    onDemandStart,
    partsBytes: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const headerSize = MAGIC.length + 4 + json.length;
  const padding = Buffer.alloc((ALIGNMENT - (headerSize % ALIGNMENT)) % ALIGNMENT);

  await replaceStoredFile(folder, brand, async (write) => {
    for (const chunk of [MAGIC, length, json, padding, ...chunks]) await write(chunk);
    return true;
  });
  return true;
}

/**
 * Replaces the brand's file with what `fill` writes, in one rename once it is on disk: a kill
 * while writing leaves the old file or none, never half of one. `fill` resolving false (what it
 * wrote is not a whole copy) leaves the old file.
 */
export async function replaceStoredFile(
  folder: string,
  brand: BrandId,
  fill: (write: (bytes: Uint8Array) => Promise<void>) => Promise<boolean>,
): Promise<boolean> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = storedCopyFile(folder, brand);
  await removeAbandonedWrites(folder, path.basename(file));
  const partial = `${file}.${process.pid}.partial`;
  const handle = await open(partial, 'w', 0o600);
  let whole = false;
  try {
    whole = await fill(async (bytes) => {
      for (let written = 0; written < bytes.byteLength;) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written);
        written += bytesWritten;
      }
    });
    if (whole) await handle.sync();
  } finally {
    await handle.close();
    if (!whole) await rm(partial, { force: true });
  }
  if (whole) await rename(partial, file);
  return whole;
}

/**
 * Removes what writes of `name` by processes that no longer run left (killed while writing): a
 * partial file is as large as a copy, hundreds of MB at a million songs.
 */
async function removeAbandonedWrites(folder: string, name: string): Promise<void> {
  const prefix = `${name}.`;
  const suffix = '.partial';
  for (const entry of await readdir(folder)) {
    if (!entry.startsWith(prefix) || !entry.endsWith(suffix)) continue;
    const writer = Number(entry.slice(prefix.length, -suffix.length));
    if (Number.isSafeInteger(writer) && !isRunning(writer)) {
      await rm(path.join(folder, entry), { force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The brand's stored copy, or null when there is none, it is of another format, or it cannot be
 * read whole (the caller then builds the copy from rows and stores it again).
 */
export async function readStoredCopy(folder: string, brand: BrandId): Promise<StoredCopy | null> {
  const handle = await openStoredCopy(folder, brand);
  if (!handle) return null;
  let parts: PartsReader | undefined;
  try {
    const header = await readHeader(handle);
    if (!header || header.brand !== brand) return null;
    const { partsStart, keptBytes, onDemandStart } = header;
    // Two regions, each in a buffer of its own (aligned for the typed arrays over it) in memory
    // V8 does not count (`region-memory.ts`): the transient one is no longer referenced once the
    // copy is made. The parts read on demand stay in the file, which stays open for them (it may
    // be replaced by a newer copy meanwhile: the open file is still the one read).
    const kept = await readExactly(handle, partsStart, keptBytes, regionBuffer);
    const transient = await readExactly(
      handle,
      partsStart + keptBytes,
      onDemandStart - keptBytes,
      regionBuffer,
    );
    parts = new PartsReader(header.parts, keptBytes, onDemandStart, kept, transient, {
      handle,
      partsStart,
    });
    const snapshot = await CatalogueSnapshot.fromStored(header.snapshot, parts);
    regionsDropped(transient.length);
    return { stamp: header.stamp, snapshot, regionBytes: kept.length };
  } finally {
    if (!parts?.usesFile) await handle.close();
  }
}

/**
 * The catalogue version and stamp of the brand's file, read from its header alone; null when
 * there is no file of this format.
 */
export async function storedCopyVersion(
  folder: string,
  brand: BrandId,
): Promise<{ version: number; stamp: string } | null> {
  const handle = await openStoredCopy(folder, brand);
  if (!handle) return null;
  try {
    const header = await readHeader(handle);
    return header && { version: header.snapshot.version, stamp: header.stamp };
  } finally {
    await handle.close();
  }
}

/** The brand's file, open for reading; null when there is none. */
async function openStoredCopy(folder: string, brand: BrandId): Promise<FileHandle | null> {
  try {
    return await open(storedCopyFile(folder, brand), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The file's header, or null when it is not a whole copy of this format. */
async function readHeader(
  handle: FileHandle,
): Promise<(StoredCopyHeader & { partsStart: number }) | null> {
  const { size } = await handle.stat();
  const jsonStart = MAGIC.length + 4;
  if (size < jsonStart) return null;
  const start = await readExactly(handle, 0, jsonStart);
  if (!start.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const jsonLength = start.readUInt32LE(MAGIC.length);
  if (jsonStart + jsonLength > size) return null;
  const header = JSON.parse(
    (await readExactly(handle, jsonStart, jsonLength)).toString('utf8'),
  ) as StoredCopyHeader;
  if (header.format !== STORED_COPY_FORMAT) return null;
  const partsStart = Math.ceil((jsonStart + jsonLength) / ALIGNMENT) * ALIGNMENT;
  if (partsStart + header.partsBytes !== size) return null;
  if (!(header.keptBytes <= header.onDemandStart && header.onDemandStart <= header.partsBytes)) {
    return null;
  }
  return { ...header, partsStart };
}

/** `length` bytes of the file from `position`, in a buffer of their own (`allocate`'s). */
async function readExactly(
  handle: FileHandle,
  position: number,
  length: number,
  allocate: (length: number) => Buffer = Buffer.allocUnsafeSlow,
): Promise<Buffer> {
  const buffer = allocate(length);
  for (let read = 0; read < length;) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw new Error('The stored copy ended before its parts did.');
    read += bytesRead;
  }
  return buffer;
}
