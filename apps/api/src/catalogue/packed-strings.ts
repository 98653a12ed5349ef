import type { BuildSlice } from './build-slice.ts';
import { Int32Column } from './int32-column.ts';
import type { FileBytes, PartRegion, PartsReader, PartsWriter } from './stored-parts.ts';

/** Packed strings as a stored copy names them: the numbers of their three parts. */
export type StoredPackedStrings = [bytes: number, starts: number, ascii: number];

/** The most bytes one `PackedStrings` holds: its offsets are 32-bit integers. */
const MAX_BYTES = 2 ** 31 - 1;
/** Bytes of one piece a builder writes into before it starts another. */
const BUILDER_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Strings kept outside the JavaScript heap: their UTF-8 bytes one after another in one buffer,
 * and where each begins. The serving copy keeps its long texts this way (each song's summary
 * JSON, its description): the collector neither marks nor moves them (the descriptions of
 * 100,000 songs were 28.5 MB of heap). A string read back is decoded again, a copy of a few
 * hundred bytes.
 */
export class PackedStrings {
  private constructor(
    /** The strings' bytes, then `spareBytes` the owner may use. */
    readonly bytes: Buffer,
    /** String i is bytes[starts[i], starts[i + 1]). */
    readonly starts: Int32Array,
    /** 1 where string i is ASCII only: its bytes are then also its characters. */
    readonly ascii: Uint8Array,
  ) {}

  /** Packs `texts`, yielding whenever the slice is spent, with `spareBytes` after them. */
  static async build(
    texts: readonly string[],
    slice: BuildSlice,
    spareBytes = 0,
  ): Promise<PackedStrings> {
    const starts = new Int32Array(texts.length + 1);
    const ascii = new Uint8Array(texts.length);
    for (let index = 0; index < texts.length; index++) {
      const size = Buffer.byteLength(texts[index]!);
      // The offsets are 32-bit: past 2 GB they would wrap around, and strings read back wrong.
      if (starts[index]! + size > MAX_BYTES) {
        throw new Error(`More than ${MAX_BYTES} bytes of text to pack in one buffer.`);
      }
      starts[index + 1] = starts[index]! + size;
      ascii[index] = size === texts[index]!.length ? 1 : 0;
      if (slice.spent) await slice.next();
    }
    const bytes = Buffer.allocUnsafeSlow(starts[texts.length]! + spareBytes);
    for (let index = 0; index < texts.length; index++) {
      bytes.write(texts[index]!, starts[index]!);
      if (slice.spent) await slice.next();
    }
    return new PackedStrings(bytes, starts, ascii);
  }

  /**
   * Packs strings added one at a time (rows read page by page), each written as it comes
   * (`PiecesBuilder`).
   */
  static builder() {
    const pieces = new PiecesBuilder();
    const ascii: number[] = [];
    return {
      add(text: string): void {
        const size = Buffer.byteLength(text);
        // Room first: the piece may go in a new chunk.
        const at = pieces.reserve(size);
        pieces.chunk.write(text, at);
        ascii.push(size === text.length ? 1 : 0);
      },
      /**
       * The strings added, in one buffer with `spareBytes` after them; the builder is not used
       * after.
       */
      async finish(slice: BuildSlice, spareBytes = 0): Promise<PackedStrings> {
        const { bytes, starts } = await pieces.finish(slice, spareBytes);
        return new PackedStrings(bytes, starts, Uint8Array.from(ascii));
      },
    };
  }

  /**
   * Their parts in a stored copy (the spare bytes included), read into `region`; where the bytes
   * are read on demand (`StringsOnDemand`), where each string lies is kept in memory.
   */
  stored(
    parts: PartsWriter,
    { region = 'kept' }: { region?: PartRegion } = {},
  ): StoredPackedStrings {
    return storedParts(parts, this.bytes, this.starts, this.ascii, region);
  }

  static fromStored([bytes, starts, ascii]: StoredPackedStrings, parts: PartsReader) {
    return new PackedStrings(parts.bytesAt(bytes), parts.int32(starts), parts.uint8(ascii));
  }

  /** How many strings there are. */
  get length(): number {
    return this.ascii.length;
  }

  /** Where the strings' bytes end: the spare bytes begin there. */
  get end(): number {
    return this.starts[this.ascii.length]!;
  }

  /**
   * Whether string `index` is `text`, without decoding it when it is ASCII (a song id looked up
   * at every request: compared in place, nothing is allocated).
   */
  is(index: number, text: string): boolean {
    if (this.ascii[index] !== 1) return this.at(index) === text;
    const start = this.starts[index]!;
    if (this.starts[index + 1]! - start !== text.length) return false;
    for (let at = 0; at < text.length; at++) {
      if (this.bytes[start + at] !== text.charCodeAt(at)) return false;
    }
    return true;
  }

  /** String `index`, decoded from its bytes. */
  at(index: number): string {
    return this.bytes.toString(
      this.ascii[index] === 1 ? 'latin1' : 'utf8',
      this.starts[index]!,
      this.starts[index + 1]!,
    );
  }
}

/**
 * Pieces of bytes (a string, a record) written one after another as they come into chunks of
 * 4 MB, so that neither what they are written from nor a buffer grown by copies is held, and
 * joined into one buffer by `finish`, with where each piece begins.
 */
export class PiecesBuilder {
  private readonly chunks: Buffer[] = [];
  /** The chunk `reserve` last made room in, read after it: the piece is written there. */
  chunk = Buffer.allocUnsafeSlow(0);
  private used = 0;
  private end = 0;
  private readonly starts = new Int32Column();

  constructor() {
    this.starts.push(0);
  }

  /** Makes room for the next piece, of `size` bytes: where to write it in `chunk`. */
  reserve(size: number): number {
    if (this.end + size > MAX_BYTES) {
      throw new Error(`More than ${MAX_BYTES} bytes to pack in one buffer.`);
    }
    if (this.used + size > this.chunk.length) {
      this.closeChunk();
      this.chunk = Buffer.allocUnsafeSlow(Math.max(BUILDER_CHUNK_BYTES, size));
      this.used = 0;
    }
    const at = this.used;
    this.used += size;
    this.end += size;
    this.starts.push(this.end);
    return at;
  }

  /** The pieces in one buffer, `spareBytes` after them; the builder is not used after. */
  async finish(slice: BuildSlice, spareBytes = 0): Promise<{ bytes: Buffer; starts: Int32Array }> {
    this.closeChunk();
    const bytes = Buffer.allocUnsafeSlow(this.end + spareBytes);
    let at = 0;
    // A piece at a time, with a turn of the event loop between: one copy of a million
    // descriptions (265 MB) would hold the loop for tens of milliseconds.
    for (let index = 0; index < this.chunks.length; index++) {
      at += this.chunks[index]!.copy(bytes, at);
      this.chunks[index] = Buffer.allocUnsafeSlow(0);
      await slice.next();
    }
    return { bytes, starts: this.starts.toArray() };
  }

  private closeChunk(): void {
    if (this.used > 0) this.chunks.push(this.chunk.subarray(0, this.used));
  }
}

function storedParts(
  parts: PartsWriter,
  bytes: Buffer,
  starts: Int32Array,
  ascii: Uint8Array,
  region: PartRegion,
): StoredPackedStrings {
  const placesRegion = region === 'onDemand' ? 'kept' : region;
  return [
    parts.add(bytes, { region }),
    parts.add(starts, { region: placesRegion }),
    parts.add(ascii, { region: placesRegion }),
  ];
}

/**
 * Packed strings whose bytes were left in a stored copy's file (`PackedStrings` stored with the
 * `onDemand` region): where each lies is in memory, and a string is read from the file when it
 * is asked for. The songs' descriptions are kept so: a third of a million songs' copy (265 MB),
 * of which a visitor reads one at a time.
 */
export class StringsOnDemand {
  private constructor(
    private readonly bytes: FileBytes,
    private readonly starts: Int32Array,
    private readonly ascii: Uint8Array,
  ) {}

  static fromStored([bytes, starts, ascii]: StoredPackedStrings, parts: PartsReader) {
    return new StringsOnDemand(parts.onDemand(bytes), parts.int32(starts), parts.uint8(ascii));
  }

  get length(): number {
    return this.ascii.length;
  }

  /** String `index`, read from the file. */
  at(index: number): string {
    const start = this.starts[index]!;
    return this.bytes
      .read(start, this.starts[index + 1]! - start)
      .toString(this.ascii[index] === 1 ? 'latin1' : 'utf8');
  }

  /** Their parts in a stored copy as `PackedStrings` stores them; the bytes are read whole. */
  stored(
    parts: PartsWriter,
    { region = 'kept' }: { region?: PartRegion } = {},
  ): StoredPackedStrings {
    const bytes = this.bytes.read(0, this.bytes.length);
    return storedParts(parts, bytes, this.starts, this.ascii, region);
  }
}
