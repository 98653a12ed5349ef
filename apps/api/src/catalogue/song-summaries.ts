import type { SongSummary } from '@fansite/contract';
import type { BuildSlice } from './build-slice.ts';
import { ByteRegion, copyBytes } from './byte-region.ts';
import { PackedStrings, PiecesBuilder, type StoredPackedStrings } from './packed-strings.ts';
import type { SongColumns } from './song-columns.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** The summaries as a stored copy names their parts. */
export interface StoredSongSummaries {
  records: number;
  starts: number;
  shared: string[];
  sharedBytes: StoredPackedStrings;
}

// A song's record: its numbers, then its id's, date's and title's UTF-8 bytes, one after another.
/** The artist's number in the shared texts (4 bytes, little-endian, as every number here). */
const AUTHOR = 0;
/** The home playlist's id's number in the shared texts. */
const CATEGORY_ID = 4;
/** The home playlist's name's number in the shared texts. */
const CATEGORY_NAME = 8;
const DURATION = 12;
/** One byte of flags: `ESCAPES`, `NOT_ASCII`, `IS_NEW`. */
const FLAGS = 16;
/** The id's bytes (2 bytes), then the date's (2 bytes); the title's are the rest. */
const ID_SIZE = 17;
const DATE_SIZE = 19;
const TEXTS = 21;
/** The song's JSON needs escapes (a quote, a backslash, a control character). */
const ESCAPES = 1;
/** The song's texts have bytes past ASCII. */
const NOT_ASCII = 2;
/** The song is marked new. */
const IS_NEW = 4;

/**
 * The serving copy's song summaries by song number, each song one record of bytes outside the
 * heap: its numbers (the texts many songs share, artist, home playlist and its name, as numbers
 * in one table; the duration; flags) and its id, date and title. A summary object is made when
 * one is asked for; an object per song kept for good was most of the copy's heap (243 MB at a
 * million songs), and a stored copy is read back without making any. Songs a patch added or
 * changed are kept as objects beside the records (a handful, after staff edits).
 *
 * A summary's JSON is written from its record when an answer lists it (`writeJson`), byte for
 * byte what `JSON.stringify` makes of the summary: keeping every song's JSON as well took a
 * third of a million songs' copy (242 of 795 MB), in memory and in the stored file. One record
 * per song, not a column per field: an answer of 100 songs spread over a million reads each
 * song's fields from one place, where columns cost a cache miss per field (writing a kept page of
 * search results took twice as long).
 */
export class SongSummaries {
  /** The JSON of the summaries patches added or changed, made on first use. */
  private readonly patchedJson = new Map<number, { json: ByteRegion; ascii: boolean }>();
  /** The records, and the shared texts' bytes, as `writeJson` copies from them. */
  private readonly source: ByteRegion<Buffer>;
  private readonly sharedSource: ByteRegion<Buffer>;

  private constructor(
    /** Song i's record is records[starts[i], starts[i + 1]). */
    private readonly records: Buffer,
    private readonly starts: Int32Array,
    private readonly shared: readonly string[],
    /** The shared texts' UTF-8 bytes, for the songs' JSON. */
    private readonly sharedBytes: PackedStrings,
    /** Summaries patches added (numbered past the built songs) or changed, by song number. */
    private readonly patched: ReadonlyMap<number, SongSummary> = new Map(),
    /** Songs numbered so far, the patches' included. */
    readonly length = starts.length - 1,
  ) {
    this.source = new ByteRegion(records);
    this.sharedSource = new ByteRegion(sharedBytes.bytes);
  }

  /**
   * Song i's summary is row `rowOfSong[i]` of the columns, each checked once here against the
   * contract (`SongColumns.summary`): the answers made from them need no check.
   */
  static async build(
    columns: SongColumns,
    rowOfSong: Int32Array,
    slice: BuildSlice,
  ): Promise<SongSummaries> {
    const records = new PiecesBuilder();
    const sharedNumbers = new Map<string, number>();
    const shared = (text: string) => {
      let number = sharedNumbers.get(text);
      if (number === undefined) sharedNumbers.set(text, (number = sharedNumbers.size));
      return number;
    };
    for (let song = 0; song < rowOfSong.length; song++) {
      const summary = columns.summary(rowOfSong[song]!);
      addRecord(
        records,
        summary,
        shared(summary.author_name),
        shared(summary.category_id),
        shared(summary.category_name),
      );
      if (slice.spent) await slice.next();
    }
    const sharedTexts = [...sharedNumbers.keys()];
    const { bytes, starts } = await records.finish(slice);
    return new SongSummaries(
      bytes,
      starts,
      sharedTexts,
      await PackedStrings.build(sharedTexts, slice),
    );
  }

  /** These summaries with some added or changed (`changes` by song number, up to `length`). */
  with(changes: ReadonlyMap<number, SongSummary>, length: number): SongSummaries {
    return new SongSummaries(
      this.records,
      this.starts,
      this.shared,
      this.sharedBytes,
      new Map([...this.patched, ...changes]),
      length,
    );
  }

  /** The records in a stored copy; patched summaries are not stored (null). */
  stored(parts: PartsWriter): StoredSongSummaries | null {
    if (this.patched.size > 0) return null;
    return {
      records: parts.add(this.records),
      starts: parts.add(this.starts),
      shared: [...this.shared],
      sharedBytes: this.sharedBytes.stored(parts),
    };
  }

  static fromStored(stored: StoredSongSummaries, parts: PartsReader): SongSummaries {
    return new SongSummaries(
      parts.bytesAt(stored.records),
      parts.int32(stored.starts),
      stored.shared,
      PackedStrings.fromStored(stored.sharedBytes, parts),
    );
  }

  /** Song i's summary, a new object in the contract's shape (its fields in the contract's order). */
  at(song: number): SongSummary {
    const patched = this.patched.get(song);
    if (patched) return patched;
    return {
      youtube_url: this.id(song),
      title: this.title(song),
      author_name: this.author(song),
      category_id: this.categoryId(song),
      category_name: this.categoryName(song),
      date_added: this.date(song),
      new: this.isNew(song),
      duration: this.duration(song),
    };
  }

  /** Whether song i's id is `youtubeId`, compared in place (looked up at every request). */
  hasId(song: number, youtubeId: string): boolean {
    const patched = this.patched.get(song);
    if (patched) return patched.youtube_url === youtubeId;
    const start = this.starts[song]! + TEXTS;
    const size = this.source.view.getUint16(this.starts[song]! + ID_SIZE, true);
    if (this.flags(song) & NOT_ASCII) {
      return this.records.toString('utf8', start, start + size) === youtubeId;
    }
    if (size !== youtubeId.length) return false;
    for (let at = 0; at < size; at++) {
      if (this.records[start + at] !== youtubeId.charCodeAt(at)) return false;
    }
    return true;
  }

  id(song: number): string {
    const patched = this.patched.get(song);
    if (patched) return patched.youtube_url;
    const start = this.starts[song]! + TEXTS;
    return this.text(song, start, start + this.idSize(song));
  }

  title(song: number): string {
    const patched = this.patched.get(song);
    if (patched) return patched.title;
    const start = this.titleStart(song);
    return this.text(song, start, this.starts[song + 1]!);
  }

  date(song: number): string {
    const patched = this.patched.get(song);
    if (patched) return patched.date_added;
    const start = this.starts[song]! + TEXTS + this.idSize(song);
    return this.text(song, start, start + this.dateSize(song));
  }

  author(song: number): string {
    return this.patched.get(song)?.author_name ?? this.shared[this.number(song, AUTHOR)]!;
  }

  categoryId(song: number): string {
    return this.patched.get(song)?.category_id ?? this.shared[this.number(song, CATEGORY_ID)]!;
  }

  categoryName(song: number): string {
    return this.patched.get(song)?.category_name ?? this.shared[this.number(song, CATEGORY_NAME)]!;
  }

  isNew(song: number): SongSummary['new'] {
    return this.patched.get(song)?.new ?? (this.flags(song) & IS_NEW ? 'true' : 'false');
  }

  duration(song: number): number {
    return this.patched.get(song)?.duration ?? this.number(song, DURATION);
  }

  /** Song i's JSON size in bytes. */
  jsonSize(song: number): number {
    if (this.patched.has(song)) return this.patchedJsonOf(song).json.bytes.length;
    const flags = this.flags(song);
    const author = this.number(song, AUTHOR);
    const categoryId = this.number(song, CATEGORY_ID);
    const categoryName = this.number(song, CATEGORY_NAME);
    const textsStart = this.starts[song]! + TEXTS;
    const end = this.starts[song + 1]!;
    const fixed =
      JSON_FIXED_BYTES +
      (flags & IS_NEW ? NEW_TRUE : NEW_FALSE).bytes.length +
      digitCount(this.number(song, DURATION));
    const { bytes, starts } = this.sharedBytes;
    if (flags & ESCAPES) {
      return (
        fixed +
        escapedSize(this.records, textsStart, end) +
        escapedSize(bytes, starts[author]!, starts[author + 1]!) +
        escapedSize(bytes, starts[categoryId]!, starts[categoryId + 1]!) +
        escapedSize(bytes, starts[categoryName]!, starts[categoryName + 1]!)
      );
    }
    return (
      fixed +
      end -
      textsStart +
      starts[author + 1]! -
      starts[author]! +
      starts[categoryId + 1]! -
      starts[categoryId]! +
      starts[categoryName + 1]! -
      starts[categoryName]!
    );
  }

  /** Whether song i's JSON is ASCII only: its bytes are then also its characters. */
  jsonIsAscii(song: number): boolean {
    if (this.patched.has(song)) return this.patchedJsonOf(song).ascii;
    return (this.flags(song) & NOT_ASCII) === 0;
  }

  /**
   * Writes song i's summary as `JSON.stringify` would into `into` at `at` (without its closing
   * brace when `open`, for more fields to follow); returns where it ends. Copied from the
   * record's bytes: nothing is allocated, and `into` must have `jsonSize` bytes free.
   */
  writeJson(song: number, into: ByteRegion, at: number, open = false): number {
    if (this.patched.has(song)) {
      const { json } = this.patchedJsonOf(song);
      return copyBytes(json, 0, json.bytes.length - (open ? 1 : 0), into, at);
    }
    const { source, sharedSource } = this;
    const flags = this.flags(song);
    const escapes = (flags & ESCAPES) !== 0;
    const idStart = this.starts[song]! + TEXTS;
    const dateStart = idStart + this.idSize(song);
    const titleStart = dateStart + this.dateSize(song);
    const shared = this.sharedBytes.starts;
    const author = this.number(song, AUTHOR);
    const categoryId = this.number(song, CATEGORY_ID);
    const categoryName = this.number(song, CATEGORY_NAME);
    at = copyBytes(KEY_YOUTUBE_URL, 0, KEY_YOUTUBE_URL.bytes.length, into, at);
    at = copyText(source, idStart, dateStart, escapes, into, at);
    at = copyBytes(KEY_TITLE, 0, KEY_TITLE.bytes.length, into, at);
    at = copyText(source, titleStart, this.starts[song + 1]!, escapes, into, at);
    at = copyBytes(KEY_AUTHOR_NAME, 0, KEY_AUTHOR_NAME.bytes.length, into, at);
    at = copyText(sharedSource, shared[author]!, shared[author + 1]!, escapes, into, at);
    at = copyBytes(KEY_CATEGORY_ID, 0, KEY_CATEGORY_ID.bytes.length, into, at);
    at = copyText(sharedSource, shared[categoryId]!, shared[categoryId + 1]!, escapes, into, at);
    at = copyBytes(KEY_CATEGORY_NAME, 0, KEY_CATEGORY_NAME.bytes.length, into, at);
    at = copyText(
      sharedSource,
      shared[categoryName]!,
      shared[categoryName + 1]!,
      escapes,
      into,
      at,
    );
    at = copyBytes(KEY_DATE_ADDED, 0, KEY_DATE_ADDED.bytes.length, into, at);
    at = copyText(source, dateStart, titleStart, escapes, into, at);
    const newAndDuration = flags & IS_NEW ? NEW_TRUE : NEW_FALSE;
    at = copyBytes(newAndDuration, 0, newAndDuration.bytes.length, into, at);
    at = writeDigits(this.number(song, DURATION), into.bytes, at);
    if (!open) into.bytes[at++] = CLOSE_BRACE;
    return at;
  }

  private flags(song: number): number {
    return this.records[this.starts[song]! + FLAGS]!;
  }

  /** One of song i's 32-bit numbers, at `field` of its record. */
  private number(song: number, field: number): number {
    return this.source.view.getUint32(this.starts[song]! + field, true);
  }

  private idSize(song: number): number {
    return this.source.view.getUint16(this.starts[song]! + ID_SIZE, true);
  }

  private dateSize(song: number): number {
    return this.source.view.getUint16(this.starts[song]! + DATE_SIZE, true);
  }

  private titleStart(song: number): number {
    return this.starts[song]! + TEXTS + this.idSize(song) + this.dateSize(song);
  }

  /** A text of song i's record, decoded. */
  private text(song: number, start: number, end: number): string {
    return this.records.toString(this.flags(song) & NOT_ASCII ? 'utf8' : 'latin1', start, end);
  }

  private patchedJsonOf(song: number): { json: ByteRegion; ascii: boolean } {
    let kept = this.patchedJson.get(song);
    if (!kept) {
      const text = JSON.stringify(this.patched.get(song));
      const bytes = Buffer.from(text);
      kept = { json: new ByteRegion(bytes), ascii: bytes.length === text.length };
      this.patchedJson.set(song, kept);
    }
    return kept;
  }
}

/** Writes each song's record as it comes (`add`, in song order) into `pieces`. */
function addRecord(
  pieces: PiecesBuilder,
  summary: SongSummary,
  author: number,
  categoryId: number,
  categoryName: number,
): void {
  const idSize = Buffer.byteLength(summary.youtube_url);
  const dateSize = Buffer.byteLength(summary.date_added);
  if (idSize > 0xffff || dateSize > 0xffff) throw new Error('A song summary too large to keep.');
  const start = pieces.reserve(TEXTS + idSize + dateSize + Buffer.byteLength(summary.title));
  const record = pieces.chunk;
  record.writeUInt32LE(author, start + AUTHOR);
  record.writeUInt32LE(categoryId, start + CATEGORY_ID);
  record.writeUInt32LE(categoryName, start + CATEGORY_NAME);
  record.writeUInt32LE(summary.duration, start + DURATION);
  record[start + FLAGS] = flagsOf(summary);
  record.writeUInt16LE(idSize, start + ID_SIZE);
  record.writeUInt16LE(dateSize, start + DATE_SIZE);
  let at = start + TEXTS;
  at += record.write(summary.youtube_url, at);
  at += record.write(summary.date_added, at);
  record.write(summary.title, at);
}

/** A summary's record flags (`ESCAPES`, `NOT_ASCII`, `IS_NEW`). */
function flagsOf(summary: SongSummary): number {
  const texts = [
    summary.youtube_url,
    summary.title,
    summary.author_name,
    summary.category_id,
    summary.category_name,
    summary.date_added,
  ];
  let flags = summary.new === 'true' ? IS_NEW : 0;
  for (const text of texts) {
    if (needsEscape(text)) flags |= ESCAPES;
    if (Buffer.byteLength(text) !== text.length) flags |= NOT_ASCII;
  }
  return flags;
}

/** Whether JSON escapes a character of `text`, as `JSON.stringify` does: `"`, `\\`, controls. */
function needsEscape(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x20 || code === QUOTE || code === BACKSLASH) return true;
  }
  return false;
}

// A summary's JSON between its texts, in the contract's field order (`SongColumns.summary`).
const KEY_YOUTUBE_URL = new ByteRegion(Buffer.from('{"youtube_url":"'));
const KEY_TITLE = new ByteRegion(Buffer.from('","title":"'));
const KEY_AUTHOR_NAME = new ByteRegion(Buffer.from('","author_name":"'));
const KEY_CATEGORY_ID = new ByteRegion(Buffer.from('","category_id":"'));
const KEY_CATEGORY_NAME = new ByteRegion(Buffer.from('","category_name":"'));
const KEY_DATE_ADDED = new ByteRegion(Buffer.from('","date_added":"'));
const NEW_TRUE = new ByteRegion(Buffer.from('","new":"true","duration":'));
const NEW_FALSE = new ByteRegion(Buffer.from('","new":"false","duration":'));
const CLOSE_BRACE = 0x7d;
/** The bytes of a summary's JSON that are the same for every song (the `new` pair aside). */
const JSON_FIXED_BYTES =
  KEY_YOUTUBE_URL.bytes.length +
  KEY_TITLE.bytes.length +
  KEY_AUTHOR_NAME.bytes.length +
  KEY_CATEGORY_ID.bytes.length +
  KEY_CATEGORY_NAME.bytes.length +
  KEY_DATE_ADDED.bytes.length +
  1;

/** `JSON.stringify`'s short escapes of control characters, by code (0 where it writes \u00XX). */
const SHORT_ESCAPES = new Uint8Array(32);
SHORT_ESCAPES[0x08] = 0x62; // \b
SHORT_ESCAPES[0x09] = 0x74; // \t
SHORT_ESCAPES[0x0a] = 0x6e; // \n
SHORT_ESCAPES[0x0c] = 0x66; // \f
SHORT_ESCAPES[0x0d] = 0x72; // \r
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Bytes `start..end` of a region, as a JSON string's characters when they need `escapes`. */
function copyText(
  from: ByteRegion,
  start: number,
  end: number,
  escapes: boolean,
  into: ByteRegion,
  at: number,
): number {
  return escapes
    ? copyEscaped(from.bytes, start, end, into.bytes, at)
    : copyBytes(from, start, end, into, at);
}

/** Bytes as a JSON string's characters (UTF-8 past ASCII is left as it is); returns the end. */
function copyEscaped(
  bytes: Uint8Array,
  start: number,
  end: number,
  into: Uint8Array,
  at: number,
): number {
  for (let from = start; from < end; from++) {
    const byte = bytes[from]!;
    if (byte === QUOTE || byte === BACKSLASH) {
      into[at++] = BACKSLASH;
      into[at++] = byte;
    } else if (byte < 0x20) {
      into[at++] = BACKSLASH;
      if (SHORT_ESCAPES[byte]) {
        into[at++] = SHORT_ESCAPES[byte];
      } else {
        into[at++] = 0x75; // u
        into[at++] = 0x30;
        into[at++] = 0x30;
        into[at++] = HEX_DIGITS[byte >>> 4]!;
        into[at++] = HEX_DIGITS[byte & 15]!;
      }
    } else {
      into[at++] = byte;
    }
  }
  return at;
}

/** The size of bytes `start..end` as a JSON string's characters. */
function escapedSize(bytes: Uint8Array, start: number, end: number): number {
  let size = 0;
  for (let from = start; from < end; from++) {
    const byte = bytes[from]!;
    if (byte === QUOTE || byte === BACKSLASH) size += 2;
    else if (byte < 0x20) size += SHORT_ESCAPES[byte] ? 2 : 6;
    else size += 1;
  }
  return size;
}

function digitCount(value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
  return count;
}

/** A non-negative integer's decimal digits. */
function writeDigits(value: number, into: Uint8Array, at: number): number {
  const end = at + digitCount(value);
  for (let place = end - 1; place >= at; place--) {
    into[place] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
  return end;
}
