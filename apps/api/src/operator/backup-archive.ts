import fs from 'node:fs';
import path from 'node:path';

/**
 * A backup is one POSIX tar file (ustar), readable with `tar -tf`: `manifest.json` first, then
 * the database's tarball, then the converted songs. Written here, entry by entry, so that songs
 * are copied in chunks rather than held in memory.
 */
const BLOCK = 512;
const COPY_CHUNK = 1024 * 1024;

function header(name: string, size: number, mtimeSeconds: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`A backup entry name is too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const field = (offset: number, length: number, value: string) =>
    block.write(value, offset, length, 'utf8');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o600);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, mtimeSeconds);
  field(148, 8, ' '.repeat(8));
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let checksum = 0;
  for (const byte of block) checksum += byte;
  field(148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface ArchiveWriter {
  addBuffer(name: string, content: Buffer): void;
  addFile(name: string, sourcePath: string): void;
  /** Ends the archive; the file appears under its name only now, whole. */
  finish(): void;
  /** Removes the unfinished file. */
  abandon(): void;
}

export function createArchive(filePath: string): ArchiveWriter {
  const partialPath = `${filePath}.partial`;
  const descriptor = fs.openSync(partialPath, 'w', 0o600);
  let open = true;
  const write = (buffer: Buffer) => fs.writeSync(descriptor, buffer);
  const now = Math.floor(Date.now() / 1000);
  return {
    addBuffer(name, content) {
      write(header(name, content.length, now));
      write(content);
      write(padding(content.length));
    },
    addFile(name, sourcePath) {
      const source = fs.openSync(sourcePath, 'r');
      try {
        const { size, mtimeMs } = fs.fstatSync(source);
        write(header(name, size, Math.floor(mtimeMs / 1000)));
        const chunk = Buffer.alloc(COPY_CHUNK);
        let copied = 0;
        while (copied < size) {
          const read = fs.readSync(source, chunk, 0, Math.min(COPY_CHUNK, size - copied), copied);
          if (read === 0) throw new Error(`${sourcePath} shrank while it was copied.`);
          write(chunk.subarray(0, read));
          copied += read;
        }
        write(padding(size));
      } finally {
        fs.closeSync(source);
      }
    },
    finish() {
      // Two empty blocks end a tar file.
      write(Buffer.alloc(2 * BLOCK));
      fs.fsyncSync(descriptor);
      fs.closeSync(descriptor);
      open = false;
      fs.renameSync(partialPath, filePath);
    },
    abandon() {
      if (open) fs.closeSync(descriptor);
      open = false;
      fs.rmSync(partialPath, { force: true });
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Reads the whole entry (the manifest, the database). */
  read(): Buffer;
  /** Copies the entry into a file, in chunks. */
  copyTo(targetPath: string): void;
}

/** The entries of a backup, in order; `visit` returns false to stop early. */
export function readArchive(filePath: string, visit: (entry: ArchiveEntry) => boolean | void) {
  const descriptor = fs.openSync(filePath, 'r');
  try {
    const { size: fileSize } = fs.fstatSync(descriptor);
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    while (offset + BLOCK <= fileSize) {
      fs.readSync(descriptor, block, 0, BLOCK, offset);
      if (block.every((byte) => byte === 0)) return;
      if (block.toString('latin1', 257, 262) !== 'ustar') throw new Error('not a backup file');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim(), 8);
      const start = offset + BLOCK;
      if (!Number.isFinite(size) || start + size > fileSize)
        throw new Error('the file is cut short');
      const entry: ArchiveEntry = {
        name,
        size,
        read() {
          const content = Buffer.alloc(size);
          fs.readSync(descriptor, content, 0, size, start);
          return content;
        },
        copyTo(targetPath) {
          const target = fs.openSync(targetPath, 'w', 0o600);
          try {
            const chunk = Buffer.alloc(COPY_CHUNK);
            for (let copied = 0; copied < size;) {
              const read = fs.readSync(
                descriptor,
                chunk,
                0,
                Math.min(COPY_CHUNK, size - copied),
                start + copied,
              );
              fs.writeSync(target, chunk.subarray(0, read));
              copied += read;
            }
          } finally {
            fs.closeSync(target);
          }
        },
      };
      if (visit(entry) === false) return;
      offset = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    }
  } finally {
    fs.closeSync(descriptor);
  }
}

/** A song's name inside the maker's folder: one plain file name, never a path out of it. */
export const isPlainFileName = (name: string) =>
  name !== '' && name !== '.' && name !== '..' && path.basename(name) === name;
