import type { BuildSlice } from './build-slice.ts';

/** The most bytes one `PackedStrings` holds: its offsets are 32-bit integers. */
const MAX_BYTES = 2 ** 31 - 1;

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

  /** How many strings there are. */
  get length(): number {
    return this.ascii.length;
  }

  /** Where the strings' bytes end: the spare bytes begin there. */
  get end(): number {
    return this.starts[this.ascii.length]!;
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
