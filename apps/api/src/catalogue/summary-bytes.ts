import { ByteRegion } from './byte-region.ts';
import type { SongSummaries } from './song-summaries.ts';

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Answers that list songs (a playlist, a page of search results) and a song's own answer, in
 * UTF-8 bytes: each song's summary JSON written from the summaries' records
 * (`SongSummaries.writeJson`) between the answer's head and tail. Joined from a string per song,
 * a 10 KB page of search results is either a tree of 200 pieces that Fastify's
 * `Buffer.byteLength` and then the socket write each walk (10 µs each), or with `Array.join`
 * 13 µs to join.
 *
 * An answer built for one request comes back as a string, copied out of one scratch buffer,
 * reused: a buffer per answer would count as memory outside the heap, and thousands a second of
 * those make V8 run a full collection every half second. A kept answer (a playlist's) is written
 * into a buffer of its own on its first visit, and sent as it is.
 */
export class SummaryBytes {
  constructor(private readonly summaries: SongSummaries) {}

  /** `head`, then `[a,b,...]` of the listed songs' JSON, then `tail`, for one request. */
  list(songs: ArrayLike<number>, head: string, tail: string): string {
    const { size, ascii } = this.measureList(songs, head, tail);
    const into = scratchOf(size);
    this.writeList(into, songs, head, tail);
    return into.bytes.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  /**
   * A list as `list` writes it, in a buffer of its own, to be kept and sent as it is (a
   * playlist's answer). Kept answers are bounded by their cache: written for every playlist at
   * build time, they were as large as all the songs' JSON again.
   */
  answer(songs: ArrayLike<number>, head: string, tail: string): Buffer {
    const bytes = Buffer.allocUnsafe(this.measureList(songs, head, tail).size);
    this.writeList(new ByteRegion(bytes), songs, head, tail);
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
    const summarySize = this.summaries.jsonSize(song) - 1;
    const size = headSize + summarySize + restSize;
    const into = scratchOf(size);
    into.bytes.write(head, 0);
    into.bytes.write(rest, this.summaries.writeJson(song, into, headSize, true));
    const ascii =
      this.summaries.jsonIsAscii(song) && headSize === head.length && restSize === rest.length;
    return into.bytes.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  private measureList(songs: ArrayLike<number>, head: string, tail: string) {
    const headSize = Buffer.byteLength(head);
    const tailSize = Buffer.byteLength(tail);
    let size = headSize + 2 + Math.max(0, songs.length - 1) + tailSize;
    let ascii = headSize === head.length && tailSize === tail.length;
    for (let position = 0; position < songs.length; position++) {
      const song = songs[position]!;
      size += this.summaries.jsonSize(song);
      if (!this.summaries.jsonIsAscii(song)) ascii = false;
    }
    return { size, ascii };
  }

  /** Writes a list as `list` does into `into` from its start. */
  private writeList(
    into: ByteRegion<Buffer>,
    songs: ArrayLike<number>,
    head: string,
    tail: string,
  ) {
    const { bytes } = into;
    let at = bytes.write(head, 0);
    bytes[at++] = OPEN_BRACKET;
    for (let position = 0; position < songs.length; position++) {
      if (position > 0) bytes[at++] = COMMA;
      at = this.summaries.writeJson(songs[position]!, into, at);
    }
    bytes[at++] = CLOSE_BRACKET;
    bytes.write(tail, at);
  }
}

/** The scratch buffer's size: a page of 100 songs' summaries is about 25 KB (250 bytes a song). */
const SCRATCH_BYTES = 64 * 1024;
/**
 * Where every answer for one request is written, whichever copy makes it: nothing awaits between
 * its write and its read.
 */
const scratch = new ByteRegion(Buffer.allocUnsafeSlow(SCRATCH_BYTES));

/** The scratch buffer, or for the rare larger answer a buffer of its own. */
function scratchOf(size: number): ByteRegion<Buffer> {
  return size <= SCRATCH_BYTES ? scratch : new ByteRegion(Buffer.allocUnsafe(size));
}
