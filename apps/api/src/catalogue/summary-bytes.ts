import type { BuildSlice } from './build-slice.ts';
import { PackedStrings, type StoredPackedStrings } from './packed-strings.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Every song summary's JSON in UTF-8, packed in one buffer (`PackedStrings`), and where each
 * begins. Answers that list songs (a playlist, a page of search results) and a song's own answer
 * are copied together from these bytes, a copy per song. Joined from a string per song, a 10 KB page
 * of search results is either a tree of 200 pieces that Fastify's `Buffer.byteLength` and then
 * the socket write each walk (10 µs each), or with `Array.join` 13 µs to join. One buffer outside
 * the heap instead of a string per song also keeps 25 MB per 100,000 songs out of what the
 * collector walks.
 *
 * An answer built for one request comes back as a string, copied out of a region at the end of
 * the same buffer, reused: a buffer per answer would count as memory outside the heap, and
 * thousands a second of those make V8 run a full collection every half second. Within one buffer
 * a song is copied with `copyWithin`, which allocates nothing; `Buffer.copy` between two buffers
 * makes a view of the source per call (100 per page of search results). A kept answer (a
 * playlist's) is written into a buffer of its own on its first visit, and sent as it is.
 */
export class SummaryBytes {
  private constructor(
    /** The songs' JSON, then the scratch region: `SCRATCH_BYTES` from `scratchStart`. */
    private readonly bytes: Buffer,
    /** Song i's JSON is bytes[starts[i], starts[i + 1]). */
    private readonly starts: Int32Array,
    /** 1 where song i's JSON is ASCII only: its bytes are then also its characters. */
    private readonly ascii: Uint8Array,
    private readonly scratchStart: number,
    /**
     * The JSON of songs a patch added or changed since the build, each in a buffer of its own;
     * `replaced[song]` is 1 for those (null while there are none). A handful, after staff edits.
     */
    private readonly replaced: Uint8Array | null = null,
    private readonly replacements: ReadonlyMap<
      number,
      { json: Buffer; ascii: boolean }
    > = new Map(),
  ) {}

  /**
   * Each summary's JSON, written as it is made (`add`, in song order, as the build checks each
   * summary): the strings are not held all at once, and no summary is made twice.
   */
  static builder() {
    const json = PackedStrings.builder();
    return {
      add: (summary: object): void => json.add(JSON.stringify(summary)),
      finish: async (slice: BuildSlice): Promise<SummaryBytes> => {
        const packed = await json.finish(slice, SCRATCH_BYTES);
        return new SummaryBytes(packed.bytes, packed.starts, packed.ascii, packed.end);
      },
    };
  }

  /** The built bytes in a stored copy; a patched copy is not stored (null). */
  stored(parts: PartsWriter): { json: StoredPackedStrings; scratchStart: number } | null {
    if (this.replaced !== null) return null;
    const json: StoredPackedStrings = [
      parts.add(this.bytes),
      parts.add(this.starts),
      parts.add(this.ascii),
    ];
    return { json, scratchStart: this.scratchStart };
  }

  static fromStored(
    stored: { json: StoredPackedStrings; scratchStart: number },
    parts: PartsReader,
  ): SummaryBytes {
    const { bytes, starts, ascii } = PackedStrings.fromStored(stored.json, parts);
    return new SummaryBytes(bytes, starts, ascii, stored.scratchStart);
  }

  /**
   * These bytes with some songs' JSON replaced or added (`json` by song number; added songs are
   * numbered past the built ones, up to `songCount`), sharing the built buffer: a staff edit
   * encodes the songs it touches, not the catalogue.
   */
  async patched(
    json: ReadonlyMap<number, string>,
    songCount: number,
    slice: BuildSlice,
  ): Promise<SummaryBytes> {
    const replacements = new Map(this.replacements);
    for (const [song, text] of json) {
      const bytes = Buffer.from(text);
      replacements.set(song, { json: bytes, ascii: bytes.length === text.length });
      if (slice.spent) await slice.next();
    }
    const replaced = new Uint8Array(songCount);
    for (const song of replacements.keys()) replaced[song] = 1;
    return new SummaryBytes(
      this.bytes,
      this.starts,
      this.ascii,
      this.scratchStart,
      replaced,
      replacements,
    );
  }

  /** Song i's JSON size in bytes. */
  private sizeOf(song: number): number {
    if (this.replaced !== null && this.replaced[song] === 1) {
      return this.replacements.get(song)!.json.length;
    }
    return this.starts[song + 1]! - this.starts[song]!;
  }

  private isAscii(song: number): boolean {
    if (this.replaced !== null && this.replaced[song] === 1) {
      return this.replacements.get(song)!.ascii;
    }
    return this.ascii[song] === 1;
  }

  /** `head`, then `[a,b,...]` of the listed songs' JSON, then `tail`, for one request. */
  list(songs: ArrayLike<number>, head: string, tail: string): string {
    const { size, ascii } = this.measureList(songs, head, tail);
    const [into, at] = this.scratchOf(size);
    this.writeList(into, at, songs, head, tail);
    return into.toString(ascii ? 'latin1' : 'utf8', at, at + size);
  }

  /**
   * A list as `list` writes it, in a buffer of its own, to be kept and sent as it is (a
   * playlist's answer). Kept answers are bounded by their cache: written for every playlist at
   * build time, they were as large as all the songs' JSON again.
   */
  answer(songs: ArrayLike<number>, head: string, tail: string): Buffer {
    const bytes = Buffer.allocUnsafe(this.measureList(songs, head, tail).size);
    this.writeList(bytes, 0, songs, head, tail);
    return bytes;
  }

  /**
   * `head`, then the song's JSON object with more fields after its own, then `tail`, for one
   * request; `moreFields` is written as in an object: `"key":value,...` without braces.
   */
  withFields(song: number, head: string, moreFields: string, tail: string): string {
    const rest = `,${moreFields}}${tail}`;
    const headSize = Buffer.byteLength(head);
    const restSize = Buffer.byteLength(rest);
    // The summary's bytes without their closing brace.
    const summarySize = this.sizeOf(song) - 1;
    const size = headSize + summarySize + restSize;
    const [into, at] = this.scratchOf(size);
    into.write(head, at);
    this.copySong(song, into, at + headSize, 1);
    into.write(rest, at + headSize + summarySize);
    const ascii = this.isAscii(song) && headSize === head.length && restSize === rest.length;
    return into.toString(ascii ? 'latin1' : 'utf8', at, at + size);
  }

  private measureList(songs: ArrayLike<number>, head: string, tail: string) {
    const headSize = Buffer.byteLength(head);
    const tailSize = Buffer.byteLength(tail);
    let size = headSize + 2 + Math.max(0, songs.length - 1) + tailSize;
    let ascii = headSize === head.length && tailSize === tail.length;
    for (let position = 0; position < songs.length; position++) {
      const song = songs[position]!;
      size += this.sizeOf(song);
      if (!this.isAscii(song)) ascii = false;
    }
    return { size, ascii };
  }

  /** Writes a list as `list` does into `into` from `start`. */
  private writeList(
    into: Buffer,
    start: number,
    songs: ArrayLike<number>,
    head: string,
    tail: string,
  ) {
    let at = start + into.write(head, start);
    into[at++] = OPEN_BRACKET;
    for (let position = 0; position < songs.length; position++) {
      if (position > 0) into[at++] = COMMA;
      at += this.copySong(songs[position]!, into, at);
    }
    into[at++] = CLOSE_BRACKET;
    into.write(tail, at);
  }

  /** Copies a song's JSON, but its last `leaveOut` bytes, to `into` at `at`; returns its length. */
  private copySong(song: number, into: Buffer, at: number, leaveOut = 0): number {
    if (this.replaced !== null && this.replaced[song] === 1) {
      const { json } = this.replacements.get(song)!;
      return json.copy(into, at, 0, json.length - leaveOut);
    }
    const start = this.starts[song]!;
    const end = this.starts[song + 1]! - leaveOut;
    if (into === this.bytes) into.copyWithin(at, start, end);
    else this.bytes.copy(into, at, start, end);
    return end - start;
  }

  /**
   * Where an answer of `size` bytes for one request is written: the scratch region, reused as
   * nothing awaits between write and read, or for the rare larger answer a buffer of its own.
   */
  private scratchOf(size: number): [Buffer, number] {
    if (size <= SCRATCH_BYTES) return [this.bytes, this.scratchStart];
    return [Buffer.allocUnsafe(size), 0];
  }
}

/** The scratch region's size: a page of 100 songs' summaries is about 25 KB (250 bytes a song). */
const SCRATCH_BYTES = 64 * 1024;
