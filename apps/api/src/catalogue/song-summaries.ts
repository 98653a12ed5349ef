import type { SongSummary } from '@fansite/contract';
import type { BuildSlice } from './build-slice.ts';
import { ByteRegion, copyBytes } from './byte-region.ts';
import { PackedStrings, type StoredPackedStrings } from './packed-strings.ts';
import type { SongColumns } from './song-columns.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** The summaries' columns as a stored copy names their parts. */
export interface StoredSongSummaries {
  ids: StoredPackedStrings;
  titles: StoredPackedStrings;
  dates: StoredPackedStrings;
  shared: string[];
  sharedBytes: StoredPackedStrings;
  jsonFlags: number;
  authors: number;
  categoryIds: number;
  categoryNames: number;
  news: number;
  durations: number;
}

/** A song's `jsonFlags`: its JSON needs escapes (a quote, a backslash, a control character). */
const ESCAPES = 1;
/** A song's `jsonFlags`: its JSON has bytes past ASCII. */
const NOT_ASCII = 2;

/**
 * The serving copy's song summaries by song number, as columns: the ids, titles and dates packed
 * outside the heap, the texts many songs share (artist, home playlist and its name) as numbers
 * in one table, the flag and duration in typed arrays. A summary object is made when one is asked
 * for; an object per song kept for good was most of the copy's heap (243 MB at a million songs),
 * and a stored copy is read back without making any. Songs a patch added or changed are kept as
 * objects beside the columns (a handful, after staff edits).
 *
 * A summary's JSON is written from the same columns when an answer lists it (`writeJson`), byte
 * for byte what `JSON.stringify` makes of the summary: keeping every song's JSON as well took a
 * third of a million songs' copy (242 of 795 MB), in memory and in the stored file.
 */
export class SongSummaries {
  private constructor(
    private readonly ids: PackedStrings,
    private readonly titles: PackedStrings,
    private readonly dates: PackedStrings,
    private readonly shared: readonly string[],
    /** The shared texts' UTF-8 bytes, for the songs' JSON. */
    private readonly sharedBytes: PackedStrings,
    private readonly authors: Int32Array,
    private readonly categoryIds: Int32Array,
    private readonly categoryNames: Int32Array,
    private readonly news: Uint8Array,
    private readonly durations: Int32Array,
    /** Per song, whether its JSON needs escapes (`ESCAPES`) or is not ASCII (`NOT_ASCII`). */
    private readonly jsonFlags: Uint8Array,
    /** Summaries patches added (numbered past the built songs) or changed, by song number. */
    private readonly patched: ReadonlyMap<number, SongSummary> = new Map(),
    /** Songs numbered so far, the patches' included. */
    readonly length = ids.length,
  ) {
    this.sources = {
      ids: new PackedSource(ids),
      titles: new PackedSource(titles),
      dates: new PackedSource(dates),
      shared: new PackedSource(sharedBytes),
    };
  }

  /** The JSON of the summaries patches added or changed, made on first use. */
  private readonly patchedJson = new Map<number, { json: ByteRegion; ascii: boolean }>();
  /** The packed texts' bytes as `writeJson` copies from them. */
  private readonly sources: Record<'ids' | 'titles' | 'dates' | 'shared', PackedSource>;

  /**
   * Song i's summary is row `rowOfSong[i]` of the columns, each checked once here against the
   * contract (`SongColumns.summary`): the answers made from them need no check.
   */
  static async build(
    columns: SongColumns,
    rowOfSong: Int32Array,
    slice: BuildSlice,
  ): Promise<SongSummaries> {
    const songCount = rowOfSong.length;
    const ids = PackedStrings.builder();
    const titles = PackedStrings.builder();
    const dates = PackedStrings.builder();
    const sharedNumbers = new Map<string, number>();
    const shared = (text: string) => {
      let number = sharedNumbers.get(text);
      if (number === undefined) sharedNumbers.set(text, (number = sharedNumbers.size));
      return number;
    };
    const authors = new Int32Array(songCount);
    const categoryIds = new Int32Array(songCount);
    const categoryNames = new Int32Array(songCount);
    const news = new Uint8Array(songCount);
    const durations = new Int32Array(songCount);
    const jsonFlags = new Uint8Array(songCount);
    for (let song = 0; song < songCount; song++) {
      const summary = columns.summary(rowOfSong[song]!);
      ids.add(summary.youtube_url);
      titles.add(summary.title);
      dates.add(summary.date_added);
      authors[song] = shared(summary.author_name);
      categoryIds[song] = shared(summary.category_id);
      categoryNames[song] = shared(summary.category_name);
      news[song] = summary.new === 'true' ? 1 : 0;
      durations[song] = summary.duration;
      jsonFlags[song] = flagsOf(summary);
      if (slice.spent) await slice.next();
    }
    const sharedTexts = [...sharedNumbers.keys()];
    return new SongSummaries(
      await ids.finish(slice),
      await titles.finish(slice),
      await dates.finish(slice),
      sharedTexts,
      await PackedStrings.build(sharedTexts, slice),
      authors,
      categoryIds,
      categoryNames,
      news,
      durations,
      jsonFlags,
    );
  }

  /** These summaries with some added or changed (`changes` by song number, up to `length`). */
  with(changes: ReadonlyMap<number, SongSummary>, length: number): SongSummaries {
    return new SongSummaries(
      this.ids,
      this.titles,
      this.dates,
      this.shared,
      this.sharedBytes,
      this.authors,
      this.categoryIds,
      this.categoryNames,
      this.news,
      this.durations,
      this.jsonFlags,
      new Map([...this.patched, ...changes]),
      length,
    );
  }

  /** The columns in a stored copy; patched summaries are not stored (null). */
  stored(parts: PartsWriter): StoredSongSummaries | null {
    if (this.patched.size > 0) return null;
    return {
      ids: this.ids.stored(parts),
      titles: this.titles.stored(parts),
      dates: this.dates.stored(parts),
      shared: [...this.shared],
      sharedBytes: this.sharedBytes.stored(parts),
      jsonFlags: parts.add(this.jsonFlags),
      authors: parts.add(this.authors),
      categoryIds: parts.add(this.categoryIds),
      categoryNames: parts.add(this.categoryNames),
      news: parts.add(this.news),
      durations: parts.add(this.durations),
    };
  }

  static fromStored(stored: StoredSongSummaries, parts: PartsReader): SongSummaries {
    return new SongSummaries(
      PackedStrings.fromStored(stored.ids, parts),
      PackedStrings.fromStored(stored.titles, parts),
      PackedStrings.fromStored(stored.dates, parts),
      stored.shared,
      PackedStrings.fromStored(stored.sharedBytes, parts),
      parts.int32(stored.authors),
      parts.int32(stored.categoryIds),
      parts.int32(stored.categoryNames),
      parts.uint8(stored.news),
      parts.int32(stored.durations),
      parts.uint8(stored.jsonFlags),
    );
  }

  /** Song i's JSON size in bytes. */
  jsonSize(song: number): number {
    if (this.patched.has(song)) return this.patchedJsonOf(song).json.bytes.length;
    const fixed =
      JSON_FIXED_BYTES +
      (this.news[song] === 1 ? NEW_TRUE : NEW_FALSE).bytes.length +
      digitCount(this.durations[song]!);
    const { ids, titles, dates, sharedBytes } = this;
    const author = this.authors[song]!;
    const categoryId = this.categoryIds[song]!;
    const categoryName = this.categoryNames[song]!;
    if ((this.jsonFlags[song]! & ESCAPES) !== 0) {
      return (
        fixed +
        escapedSize(ids, song) +
        escapedSize(titles, song) +
        escapedSize(sharedBytes, author) +
        escapedSize(sharedBytes, categoryId) +
        escapedSize(sharedBytes, categoryName) +
        escapedSize(dates, song)
      );
    }
    const shared = sharedBytes.starts;
    return (
      fixed +
      ids.starts[song + 1]! -
      ids.starts[song]! +
      titles.starts[song + 1]! -
      titles.starts[song]! +
      dates.starts[song + 1]! -
      dates.starts[song]! +
      shared[author + 1]! -
      shared[author]! +
      shared[categoryId + 1]! -
      shared[categoryId]! +
      shared[categoryName + 1]! -
      shared[categoryName]!
    );
  }

  /** Whether song i's JSON is ASCII only: its bytes are then also its characters. */
  jsonIsAscii(song: number): boolean {
    if (this.patched.has(song)) return this.patchedJsonOf(song).ascii;
    return (this.jsonFlags[song]! & NOT_ASCII) === 0;
  }

  /**
   * Writes song i's summary as `JSON.stringify` would into `into` at `at` (without its closing
   * brace when `open`, for more fields to follow); returns where it ends. Copied from the
   * columns' bytes: nothing is allocated, and `into` must have `jsonSize` bytes free.
   */
  writeJson(song: number, into: ByteRegion, at: number, open = false): number {
    if (this.patched.has(song)) {
      const { json } = this.patchedJsonOf(song);
      return copyBytes(json, 0, json.bytes.length - (open ? 1 : 0), into, at);
    }
    const escapes = (this.jsonFlags[song]! & ESCAPES) !== 0;
    const { ids, titles, dates, shared } = this.sources;
    at = copyBytes(KEY_YOUTUBE_URL, 0, KEY_YOUTUBE_URL.bytes.length, into, at);
    at = copyText(ids, song, escapes, into, at);
    at = copyBytes(KEY_TITLE, 0, KEY_TITLE.bytes.length, into, at);
    at = copyText(titles, song, escapes, into, at);
    at = copyBytes(KEY_AUTHOR_NAME, 0, KEY_AUTHOR_NAME.bytes.length, into, at);
    at = copyText(shared, this.authors[song]!, escapes, into, at);
    at = copyBytes(KEY_CATEGORY_ID, 0, KEY_CATEGORY_ID.bytes.length, into, at);
    at = copyText(shared, this.categoryIds[song]!, escapes, into, at);
    at = copyBytes(KEY_CATEGORY_NAME, 0, KEY_CATEGORY_NAME.bytes.length, into, at);
    at = copyText(shared, this.categoryNames[song]!, escapes, into, at);
    at = copyBytes(KEY_DATE_ADDED, 0, KEY_DATE_ADDED.bytes.length, into, at);
    at = copyText(dates, song, escapes, into, at);
    const newAndDuration = this.news[song] === 1 ? NEW_TRUE : NEW_FALSE;
    at = copyBytes(newAndDuration, 0, newAndDuration.bytes.length, into, at);
    at = writeDigits(this.durations[song]!, into.bytes, at);
    if (!open) into.bytes[at++] = CLOSE_BRACE;
    return at;
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

  /** Song i's summary, a new object in the contract's shape (its fields in the contract's order). */
  at(song: number): SongSummary {
    const patched = this.patched.get(song);
    if (patched) return patched;
    return {
      youtube_url: this.ids.at(song),
      title: this.titles.at(song),
      author_name: this.shared[this.authors[song]!]!,
      category_id: this.shared[this.categoryIds[song]!]!,
      category_name: this.shared[this.categoryNames[song]!]!,
      date_added: this.dates.at(song),
      new: this.news[song] === 1 ? 'true' : 'false',
      duration: this.durations[song]!,
    };
  }

  /** Whether song i's id is `youtubeId` (compared in place, see `PackedStrings.is`). */
  hasId(song: number, youtubeId: string): boolean {
    const patched = this.patched.get(song);
    return patched ? patched.youtube_url === youtubeId : this.ids.is(song, youtubeId);
  }

  id(song: number): string {
    return this.patched.get(song)?.youtube_url ?? this.ids.at(song);
  }

  title(song: number): string {
    return this.patched.get(song)?.title ?? this.titles.at(song);
  }

  date(song: number): string {
    return this.patched.get(song)?.date_added ?? this.dates.at(song);
  }

  author(song: number): string {
    return this.patched.get(song)?.author_name ?? this.shared[this.authors[song]!]!;
  }

  categoryId(song: number): string {
    return this.patched.get(song)?.category_id ?? this.shared[this.categoryIds[song]!]!;
  }

  categoryName(song: number): string {
    return this.patched.get(song)?.category_name ?? this.shared[this.categoryNames[song]!]!;
  }

  isNew(song: number): SongSummary['new'] {
    return this.patched.get(song)?.new ?? (this.news[song] === 1 ? 'true' : 'false');
  }

  duration(song: number): number {
    return this.patched.get(song)?.duration ?? this.durations[song]!;
  }
}

/** The JSON flags of a summary (`ESCAPES`, `NOT_ASCII`). */
function flagsOf(summary: SongSummary): number {
  const texts = [
    summary.youtube_url,
    summary.title,
    summary.author_name,
    summary.category_id,
    summary.category_name,
    summary.date_added,
  ];
  let flags = 0;
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

/** Packed strings' bytes as a region to copy from. */
class PackedSource extends ByteRegion {
  readonly starts: Int32Array;

  constructor(strings: PackedStrings) {
    super(strings.bytes);
    this.starts = strings.starts;
  }
}

/** String `index`'s bytes, as a JSON string's characters when they need `escapes`. */
function copyText(
  strings: PackedSource,
  index: number,
  escapes: boolean,
  into: ByteRegion,
  at: number,
): number {
  const start = strings.starts[index]!;
  const end = strings.starts[index + 1]!;
  return escapes
    ? copyEscaped(strings.bytes, start, end, into.bytes, at)
    : copyBytes(strings, start, end, into, at);
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

function escapedSize(strings: PackedStrings, index: number): number {
  const { bytes, starts } = strings;
  let size = 0;
  for (let from = starts[index]!; from < starts[index + 1]!; from++) {
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
