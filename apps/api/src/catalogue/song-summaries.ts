import type { SongSummary } from '@fansite/contract';
import type { BuildSlice } from './build-slice.ts';
import { PackedStrings, type StoredPackedStrings } from './packed-strings.ts';
import type { SongColumns } from './song-columns.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** The summaries' columns as a stored copy names their parts. */
export interface StoredSongSummaries {
  ids: StoredPackedStrings;
  titles: StoredPackedStrings;
  dates: StoredPackedStrings;
  shared: string[];
  authors: number;
  categoryIds: number;
  categoryNames: number;
  news: number;
  durations: number;
}

/**
 * The serving copy's song summaries by song number, as columns: the ids, titles and dates packed
 * outside the heap, the texts many songs share (artist, home playlist and its name) as numbers
 * in one table, the flag and duration in typed arrays. A summary object is made when one is asked
 * for; an object per song kept for good was most of the copy's heap (243 MB at a million songs),
 * and a stored copy is read back without making any. Songs a patch added or changed are kept as
 * objects beside the columns (a handful, after staff edits).
 */
export class SongSummaries {
  private constructor(
    private readonly ids: PackedStrings,
    private readonly titles: PackedStrings,
    private readonly dates: PackedStrings,
    private readonly shared: readonly string[],
    private readonly authors: Int32Array,
    private readonly categoryIds: Int32Array,
    private readonly categoryNames: Int32Array,
    private readonly news: Uint8Array,
    private readonly durations: Int32Array,
    /** Summaries patches added (numbered past the built songs) or changed, by song number. */
    private readonly patched: ReadonlyMap<number, SongSummary> = new Map(),
    /** Songs numbered so far, the patches' included. */
    readonly length = ids.length,
  ) {}

  /**
   * Song i's summary is row `rowOfSong[i]` of the columns, each checked once here against the
   * contract (`SongColumns.summary`): the answers made from them need no check. `eachSummary` is
   * handed each one as it is made (the songs' JSON is written from it).
   */
  static async build(
    columns: SongColumns,
    rowOfSong: Int32Array,
    slice: BuildSlice,
    eachSummary: (summary: SongSummary) => void = () => undefined,
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
      eachSummary(summary);
      if (slice.spent) await slice.next();
    }
    return new SongSummaries(
      await ids.finish(slice),
      await titles.finish(slice),
      await dates.finish(slice),
      [...sharedNumbers.keys()],
      authors,
      categoryIds,
      categoryNames,
      news,
      durations,
    );
  }

  /** These summaries with some added or changed (`changes` by song number, up to `length`). */
  with(changes: ReadonlyMap<number, SongSummary>, length: number): SongSummaries {
    return new SongSummaries(
      this.ids,
      this.titles,
      this.dates,
      this.shared,
      this.authors,
      this.categoryIds,
      this.categoryNames,
      this.news,
      this.durations,
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
      parts.int32(stored.authors),
      parts.int32(stored.categoryIds),
      parts.int32(stored.categoryNames),
      parts.uint8(stored.news),
      parts.int32(stored.durations),
    );
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
