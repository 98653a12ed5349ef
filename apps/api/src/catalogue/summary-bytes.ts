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
 * those make V8 run a full collection every half second. The scratch grows to the largest answer
 * written (a playlist's not kept is written at each send, 80 KB at a million songs), each song
 * measured as it is written. A kept answer (a playlist's) is copied into a buffer of its own on
 * its first visit, and sent as it is.
 */
export class SummaryBytes {
  constructor(private readonly summaries: SongSummaries) {}

  /** `head`, then `[a,b,...]` of the listed songs' JSON, then `tail`, for one request. */
  list(songs: ArrayLike<number>, head: string, tail: string): string {
    const { size, ascii } = this.writeList(songs, head, tail);
    return scratch.bytes.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  /**
   * A list as `list` writes it, in a buffer of its own, to be kept and sent as it is (a
   * playlist's answer). Kept answers are bounded by their cache: written for every playlist at
   * build time, they were as large as all the songs' JSON again.
   */
  answer(songs: ArrayLike<number>, head: string, tail: string): Buffer {
    const { size } = this.writeList(songs, head, tail);
    const bytes = Buffer.allocUnsafe(size);
    scratch.bytes.copy(bytes, 0, 0, size);
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
    const into = scratchOf(size, 0);
    into.bytes.write(head, 0);
    into.bytes.write(rest, this.summaries.writeJson(song, into, headSize, true));
    const ascii =
      this.summaries.jsonIsAscii(song) && headSize === head.length && restSize === rest.length;
    return into.bytes.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  /**
   * Writes `head`, `[a,b,...]` and `tail` into the scratch buffer from its start; returns their
   * size and whether they are ASCII only.
   */
  private writeList(songs: ArrayLike<number>, head: string, tail: string) {
    const headSize = Buffer.byteLength(head);
    const tailSize = Buffer.byteLength(tail);
    let ascii = headSize === head.length && tailSize === tail.length;
    let into = scratchOf(headSize + 1, 0);
    let at = into.bytes.write(head, 0);
    into.bytes[at++] = OPEN_BRACKET;
    for (let position = 0; position < songs.length; position++) {
      const song = songs[position]!;
      // The comma, the song, and room for the bracket and tail after it.
      into = scratchOf(at + 1 + this.summaries.jsonSize(song) + 1 + tailSize, at);
      if (position > 0) into.bytes[at++] = COMMA;
      at = this.summaries.writeJson(song, into, at);
      if (!this.summaries.jsonIsAscii(song)) ascii = false;
    }
    into = scratchOf(at + 1 + tailSize, at);
    into.bytes[at++] = CLOSE_BRACKET;
    at += into.bytes.write(tail, at);
    return { size: at, ascii };
  }
}

/**
 * The scratch buffer's first size: a page of 100 songs' summaries is about 25 KB (250 bytes a
 * song). It grows to the largest answer written (a long playlist's, a few MB at most), once.
 */
const SCRATCH_BYTES = 64 * 1024;
/**
 * Where every answer for one request is written, whichever copy makes it: nothing awaits between
 * its write and its read.
 */
let scratch = new ByteRegion(Buffer.allocUnsafeSlow(SCRATCH_BYTES));

/** The scratch buffer with room for `size` bytes, grown if need be, its first `kept` bytes kept. */
function scratchOf(size: number, kept: number): ByteRegion<Buffer> {
  if (size > scratch.bytes.length) {
    const grown = new ByteRegion(Buffer.allocUnsafeSlow(Math.max(size, 2 * scratch.bytes.length)));
    scratch.bytes.copy(grown.bytes, 0, 0, kept);
    scratch = grown;
  }
  return scratch;
}
