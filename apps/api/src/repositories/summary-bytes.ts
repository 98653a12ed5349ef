import type { BuildSlice } from './build-slice.ts';

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Every song summary's JSON in UTF-8, one after another in one buffer, and where each begins.
 * Answers that list songs (a playlist, a page of search results) and a song's own answer are
 * copied together from these bytes, a copy per song. Joined from a string per song, a 10 KB page
 * of search results is either a tree of 200 pieces that Fastify's `Buffer.byteLength` and then
 * the socket write each walk (10 µs each), or with `Array.join` 13 µs to join. One buffer outside
 * the heap instead of a string per song also keeps 25 MB per 100,000 songs out of what the
 * collector walks.
 *
 * An answer built for one request comes back as a string, copied out of a buffer that is reused:
 * a buffer per answer would count as memory outside the heap, and thousands a second of those
 * make V8 run a full collection every half second. The kept answers (the playlists') are
 * written when the copy is built, into one buffer, and sent as they are.
 */
export class SummaryBytes {
  /** Where answers for one request are written; reused, as nothing awaits between write and read. */
  private static scratch = Buffer.allocUnsafeSlow(64 * 1024);

  private constructor(
    private readonly bytes: Buffer,
    /** Song i's JSON is bytes[starts[i], starts[i + 1]). */
    private readonly starts: Int32Array,
    /** 1 where song i's JSON is ASCII only: its bytes are then also its characters. */
    private readonly ascii: Uint8Array,
  ) {}

  static async build(json: readonly string[], slice: BuildSlice): Promise<SummaryBytes> {
    const starts = new Int32Array(json.length + 1);
    const ascii = new Uint8Array(json.length);
    for (let song = 0; song < json.length; song++) {
      const size = Buffer.byteLength(json[song]!);
      starts[song + 1] = starts[song]! + size;
      ascii[song] = size === json[song]!.length ? 1 : 0;
      if (slice.spent) await slice.next();
    }
    const bytes = Buffer.allocUnsafeSlow(starts[json.length]!);
    for (let song = 0; song < json.length; song++) {
      bytes.write(json[song]!, starts[song]!);
      if (slice.spent) await slice.next();
    }
    return new SummaryBytes(bytes, starts, ascii);
  }

  /** `head`, then `[a,b,...]` of the listed songs' JSON, then `tail`, for one request. */
  list(songs: ArrayLike<number>, head: string, tail: string): string {
    const { size, ascii } = this.measureList(songs, head, tail);
    const scratch = SummaryBytes.scratchOf(size);
    this.writeList(scratch, songs, head, tail);
    return scratch.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  /**
   * Each list as `list` writes it, all in one buffer made once: the answers that are kept for as
   * long as the catalogue copy (a playlist's). Written one by one on first visits, each would be
   * a buffer of its own, and a million songs' playlists (250 MB) allocated outside the heap that
   * fast made V8 collect the whole heap again and again (a first visit took 1 ms, p99 171 ms).
   */
  async listsToKeep(
    lists: readonly { songs: ArrayLike<number>; head: string; tail: string }[],
    slice: BuildSlice,
  ): Promise<Buffer[]> {
    const sizes = lists.map(({ songs, head, tail }) => this.measureList(songs, head, tail).size);
    const all = Buffer.allocUnsafeSlow(sizes.reduce((sum, size) => sum + size, 0));
    const answers: Buffer[] = [];
    let at = 0;
    for (let index = 0; index < lists.length; index++) {
      const answer = all.subarray(at, at + sizes[index]!);
      const { songs, head, tail } = lists[index]!;
      this.writeList(answer, songs, head, tail);
      answers.push(answer);
      at += sizes[index]!;
      if (slice.spent) await slice.next();
    }
    return answers;
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
    const summarySize = this.starts[song + 1]! - this.starts[song]! - 1;
    const size = headSize + summarySize + restSize;
    const scratch = SummaryBytes.scratchOf(size);
    scratch.write(head, 0);
    this.bytes.copy(scratch, headSize, this.starts[song]!, this.starts[song + 1]! - 1);
    scratch.write(rest, headSize + summarySize);
    const ascii = this.ascii[song] === 1 && headSize === head.length && restSize === rest.length;
    return scratch.toString(ascii ? 'latin1' : 'utf8', 0, size);
  }

  private measureList(songs: ArrayLike<number>, head: string, tail: string) {
    const headSize = Buffer.byteLength(head);
    const tailSize = Buffer.byteLength(tail);
    let size = headSize + 2 + Math.max(0, songs.length - 1) + tailSize;
    let ascii = headSize === head.length && tailSize === tail.length;
    for (let position = 0; position < songs.length; position++) {
      const song = songs[position]!;
      size += this.starts[song + 1]! - this.starts[song]!;
      if (this.ascii[song] === 0) ascii = false;
    }
    return { size, ascii };
  }

  private writeList(answer: Buffer, songs: ArrayLike<number>, head: string, tail: string) {
    let at = answer.write(head, 0);
    answer[at++] = OPEN_BRACKET;
    for (let position = 0; position < songs.length; position++) {
      if (position > 0) answer[at++] = COMMA;
      const song = songs[position]!;
      at += this.bytes.copy(answer, at, this.starts[song]!, this.starts[song + 1]!);
    }
    answer[at++] = CLOSE_BRACKET;
    answer.write(tail, at);
  }

  private static scratchOf(size: number): Buffer {
    if (SummaryBytes.scratch.length < size) {
      SummaryBytes.scratch = Buffer.allocUnsafeSlow(2 ** Math.ceil(Math.log2(size)));
    }
    return SummaryBytes.scratch;
  }
}
