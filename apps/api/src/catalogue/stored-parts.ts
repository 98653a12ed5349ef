import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * The binary parts of a stored serving copy: typed arrays and byte buffers written one after
 * another, each on an 8-byte boundary, and read back as views of the one buffer the file was
 * read into (nothing is copied or parsed, whatever its size). What names the parts (a number
 * each) is the caller's JSON.
 *
 * Three regions, in this order in the file: the kept parts, read into memory for good; the
 * transient ones, read to make objects from and dropped; the parts read on demand, which stay
 * in the file and are read a piece at a time while the copy serves (the descriptions: a third
 * of a million songs' copy, each read only when its song is shown).
 */

type PartKind = 'bytes' | 'uint8' | 'int32' | 'uint32' | 'float64';
type Part = Buffer | Uint8Array | Int32Array | Uint32Array | Float64Array;

/** Where one part lies in the file's parts: its kind, first byte and element count. */
export type PartEntry = [kind: PartKind, offset: number, length: number];

const ALIGNMENT = 8;

function kindOf(part: Part): PartKind {
  if (Buffer.isBuffer(part)) return 'bytes';
  if (part instanceof Int32Array) return 'int32';
  if (part instanceof Uint32Array) return 'uint32';
  if (part instanceof Float64Array) return 'float64';
  return 'uint8';
}

/**
 * Where a part is read: `kept` in memory for good; `transient` needed only while the copy is
 * read (what objects are made from), in a buffer of its own that is dropped after; `onDemand`
 * left in the file, its pieces read as they are asked for (bytes only).
 */
export type PartRegion = 'kept' | 'transient' | 'onDemand';
const REGIONS: readonly PartRegion[] = ['kept', 'transient', 'onDemand'];

/** Collects parts to write; `add` names each by its number. */
export class PartsWriter {
  private readonly parts: { part: Part; region: PartRegion }[] = [];

  /** Adds a part, to be read into `region`. */
  add(part: Part, { region = 'kept' }: { region?: PartRegion } = {}): number {
    this.parts.push({ part, region });
    return this.parts.length - 1;
  }

  /**
   * Where each part lies (the kept ones first, each on an 8-byte boundary, then the transient
   * ones from `keptBytes`, then those read on demand from `onDemandStart`), and the buffers to
   * write in that order, padding included.
   */
  layout(): {
    entries: PartEntry[];
    keptBytes: number;
    onDemandStart: number;
    chunks: Uint8Array[];
  } {
    const entries: PartEntry[] = [];
    const chunks: Uint8Array[] = [];
    let size = 0;
    const place = (part: Part) => {
      const offset = Math.ceil(size / ALIGNMENT) * ALIGNMENT;
      if (offset > size) chunks.push(new Uint8Array(offset - size));
      chunks.push(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
      size = offset + part.byteLength;
      return [kindOf(part), offset, part.length] satisfies PartEntry;
    };
    const starts: number[] = [];
    for (const region of REGIONS) {
      const start = Math.ceil(size / ALIGNMENT) * ALIGNMENT;
      if (start > size) chunks.push(new Uint8Array(start - size));
      size = start;
      starts.push(start);
      this.parts.forEach(({ part, region: partRegion }, number) => {
        if (partRegion === region) entries[number] = place(part);
      });
    }
    return { entries, keptBytes: starts[1]!, onDemandStart: starts[2]!, chunks };
  }
}

/** The bytes each kind of part takes per element. */
function elementBytes(kind: PartKind): number {
  return kind === 'float64' ? 8 : kind === 'int32' || kind === 'uint32' ? 4 : 1;
}

/**
 * Reads the parts of a file back as views of the two regions read from it, the kept parts'
 * (offsets below `keptBytes`) and the transient ones', or as places in the file for the parts
 * read on demand (from `onDemandStart`).
 */
export class PartsReader {
  /** The file, once a part read on demand was handed out: it must then stay open. */
  private openFile: OpenFile | undefined;

  constructor(
    private readonly entries: readonly PartEntry[],
    private readonly keptBytes: number,
    private readonly onDemandStart: number,
    private readonly kept: Buffer,
    private readonly transient: Buffer,
    /** The file, and where its first part begins. */
    private readonly file: { handle: FileHandle; partsStart: number } | null = null,
  ) {}

  /** Whether a part read on demand was handed out: the file must then stay open. */
  get usesFile(): boolean {
    return this.openFile !== undefined;
  }

  /** A part of bytes read on demand: its place in the file. */
  onDemand(number: number): FileBytes {
    const entry = this.entries[number];
    if (!entry || entry[0] !== 'bytes' || entry[1] < this.onDemandStart || !this.file) {
      throw new Error(`The stored copy has no part ${number} to read on demand.`);
    }
    this.openFile ??= new OpenFile(this.file.handle);
    return new FileBytes(this.openFile, this.file.partsStart + entry[1], entry[2]);
  }

  private entry(
    number: number,
    kind: PartKind,
  ): { buffer: ArrayBufferLike; offset: number; length: number } {
    const entry = this.entries[number];
    if (!entry || entry[0] !== kind) {
      throw new Error(`The stored copy has no ${kind} part ${number}.`);
    }
    const [, offset, length] = entry;
    // An empty part may lie where the next region begins: it is read from none.
    if (length === 0) return { buffer: this.kept.buffer, offset: this.kept.byteOffset, length };
    if (offset >= this.onDemandStart) {
      throw new Error(`The stored copy's part ${number} is read on demand.`);
    }
    const region = offset < this.keptBytes ? this.kept : this.transient;
    const start = offset < this.keptBytes ? offset : offset - this.keptBytes;
    if (start + length * elementBytes(kind) > region.length) {
      throw new Error(`The stored copy's part ${number} lies past its end.`);
    }
    return { buffer: region.buffer, offset: region.byteOffset + start, length };
  }

  bytesAt(number: number): Buffer {
    const { buffer, offset, length } = this.entry(number, 'bytes');
    return Buffer.from(buffer, offset, length);
  }

  uint8(number: number): Uint8Array {
    const { buffer, offset, length } = this.entry(number, 'uint8');
    return new Uint8Array(buffer, offset, length);
  }

  int32(number: number): Int32Array {
    const { buffer, offset, length } = this.entry(number, 'int32');
    return new Int32Array(buffer, offset, length);
  }

  uint32(number: number): Uint32Array {
    const { buffer, offset, length } = this.entry(number, 'uint32');
    return new Uint32Array(buffer, offset, length);
  }

  float64(number: number): Float64Array {
    const { buffer, offset, length } = this.entry(number, 'float64');
    return new Float64Array(buffer, offset, length);
  }
}

/**
 * Closes a stored copy's file once nothing reads from it: when the copy it serves (and every
 * patched copy sharing its parts) is gone. A request may still hold a copy after another took
 * its place, so the file is not closed when the copy is replaced.
 */
const closeWhenUnreachable = new FinalizationRegistry<FileHandle>((handle) => {
  void handle.close().catch(() => undefined);
});

/** A stored copy's file, open while parts read on demand from it are reachable. */
class OpenFile {
  readonly fd: number;

  constructor(handle: FileHandle) {
    this.fd = handle.fd;
    closeWhenUnreachable.register(this, handle);
  }
}

/**
 * A part's bytes left in the stored copy's file, read a piece at a time. A read waits for the
 * disk: the file was read whole when the copy was, and its pages are usually in memory still.
 */
export class FileBytes {
  constructor(
    private readonly file: OpenFile,
    private readonly position: number,
    readonly length: number,
  ) {}

  /** `length` bytes from `start` of the part. */
  read(start: number, length: number): Buffer {
    if (start < 0 || start + length > this.length) {
      throw new Error('A read past the end of a stored part.');
    }
    const bytes = Buffer.allocUnsafe(length);
    for (let read = 0; read < length;) {
      const count = readSync(
        this.file.fd,
        bytes,
        read,
        length - read,
        this.position + start + read,
      );
      if (count === 0) throw new Error('The stored copy ended before its part did.');
      read += count;
    }
    return bytes;
  }
}
