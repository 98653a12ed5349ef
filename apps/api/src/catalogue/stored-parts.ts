/**
 * The binary parts of a stored serving copy: typed arrays and byte buffers written one after
 * another, each on an 8-byte boundary, and read back as views of the one buffer the file was
 * read into (nothing is copied or parsed, whatever its size). What names the parts (a number
 * each) is the caller's JSON.
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

/** Collects parts to write; `add` names each by its number. */
export class PartsWriter {
  private readonly parts: { part: Part; transient: boolean }[] = [];

  /**
   * Adds a part; a `transient` one is needed only while the copy is read (what objects are made
   * from), and is read into a buffer of its own that is dropped after.
   */
  add(part: Part, { transient = false } = {}): number {
    this.parts.push({ part, transient });
    return this.parts.length - 1;
  }

  /**
   * Where each part lies (the kept ones first, each on an 8-byte boundary, then the transient
   * ones from `keptBytes`), and the buffers to write in that order, padding included.
   */
  layout(): { entries: PartEntry[]; keptBytes: number; chunks: Uint8Array[] } {
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
    this.parts.forEach(({ part, transient }, number) => {
      if (!transient) entries[number] = place(part);
    });
    const keptBytes = Math.ceil(size / ALIGNMENT) * ALIGNMENT;
    if (keptBytes > size) chunks.push(new Uint8Array(keptBytes - size));
    size = keptBytes;
    this.parts.forEach(({ part, transient }, number) => {
      if (transient) entries[number] = place(part);
    });
    return { entries, keptBytes, chunks };
  }
}

/** The bytes each kind of part takes per element. */
function elementBytes(kind: PartKind): number {
  return kind === 'float64' ? 8 : kind === 'int32' || kind === 'uint32' ? 4 : 1;
}

/**
 * Reads the parts of a file back as views of the two regions read from it: the kept parts'
 * (offsets below `keptBytes`) and the transient ones'.
 */
export class PartsReader {
  constructor(
    private readonly entries: readonly PartEntry[],
    private readonly keptBytes: number,
    private readonly kept: Buffer,
    private readonly transient: Buffer,
  ) {}

  private entry(
    number: number,
    kind: PartKind,
  ): { buffer: ArrayBufferLike; offset: number; length: number } {
    const entry = this.entries[number];
    if (!entry || entry[0] !== kind) {
      throw new Error(`The stored copy has no ${kind} part ${number}.`);
    }
    const [, offset, length] = entry;
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
