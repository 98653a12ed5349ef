import SearchableMap from 'minisearch/SearchableMap';
import type { BuildSlice } from './build-slice.ts';
import { textRanks } from './build-sorts.ts';
import { ExactTexts, type StoredExactTexts } from './exact-texts.ts';
import { PackedStrings, type StoredPackedStrings } from './packed-strings.ts';
import { RecencyMap } from './recency-map.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** More words than this in one search are ignored: a title is found long before. */
export const SEARCH_WORD_LIMIT = 8;
/**
 * A word on at least this share of the songs has a bitmap of its songs (one bit per song) made
 * with the index: at most 64 such words per word of a song, a few MB at 100,000 songs.
 */
const COMMON_SHARE = 1 / 64;
/**
 * The rarest word of a search on fewer than this share of the songs has its songs tested against
 * the other words' bitmaps one by one; a more common one is intersected with them, 32 songs per
 * operation. Testing a song costs about as much as intersecting one word of two bitmaps: at
 * 100,000 songs, distinct two-word searches took a fifth less time with 1/32 than with 1/64, and
 * more again with 1/16.
 */
const TESTED_SHARE = 1 / 32;
/**
 * Matches of a tested word set are collected and put in order by sorting their positions (a few
 * µs) when the words' shares foretell under half this many and no more than this many come; else
 * they are marked in a bitmap of positions and read in order.
 */
const SORTED_MATCHES = 256;
/**
 * Matches are read in order by walking the order and testing each song's bit when they are at
 * least this share of the catalogue (the page fills quickly); fewer are marked by position.
 */
const WALKED_SHARE = 1 / 16;
/**
 * Bitmaps of the songs of recent search words (a word's prefix run and typo spellings) kept for
 * the next searches, which share their words ("nightcore x", "nightcore y"): at most this many
 * bytes of them (128 words at a million songs) and this many words (512 at 100,000 songs).
 */
const RECENT_WORD_BITMAP_BYTES = 16_000_000;
const RECENT_WORD_BITMAPS = 512;
/**
 * The fewest song numbers a search stopping at its page reads in one stretch (`first`): each of
 * the rarest word set's words is looked at once per stretch, a few dozen stretches at most.
 */
const STRETCH_SONGS = 256;
/** Songs a build step handles between two looks at the clock. */
const COPY_STEP = 4_096;
/**
 * Songs a patched index may add after its build (a 64th of the catalogue, at least 1,024): every
 * bitmap has room for them, a few hundred bytes more. Past that, the catalogue is built again.
 */
const spareSongs = (songCount: number) => Math.max(1_024, Math.ceil(songCount / 64));

/**
 * Words as the search sees them: lower-case runs of letters and digits, the same split for titles,
 * artists and what visitors type, so nothing they type is syntax.
 */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Edits a typo may need: two letters swapped is two edits; short words allow fewer. */
function typoDistance(word: string): number {
  if (word.length >= 5) return 2;
  return word.length >= 3 ? 1 : 0;
}

/** Code-unit order, the same on every machine (the database's C collation sorts the same way). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An order of the songs (`order[position]` is a song) and its inverse (`rank[song]`). */
export interface SongOrder {
  order: Int32Array;
  rank: Int32Array;
}

export interface SearchResult {
  /** How many songs match in all. */
  total: number;
  /** The first `end` matching songs: exact matches first, then in the asked order. */
  songs: number[];
}

/** The catalogue words one search word matches: a run of word numbers, and typo spellings. */
interface WordSet {
  from: number;
  to: number;
  also: number[];
}

/**
 * What patches changed since the index was built: songs added (numbered from the build's count
 * on, their words indexed here, new words numbered after the vocabulary's) and songs removed
 * (left out of every match). A few songs' worth, looked through song by song.
 */
interface Patches {
  /** Words the built vocabulary lacks, numbered `vocabulary.length + index`. */
  words: string[];
  spellings: SearchableMap<number>;
  /** The added songs of a word (built or new), ascending. */
  songsByWord: Map<number, number[]>;
  /** Lower-cased whole field -> added songs. */
  exact: Map<string, number[]>;
  removed: Uint32Array;
  /** The fields of the added songs, kept to patch again from. */
  added: { song: number; fieldTexts: string[]; wholeField: string }[];
  removedSongs: number[];
}

/** A built `SongSearchIndex` in a stored copy: its parts' numbers and its sizes. */
export interface StoredSearchIndex {
  vocabulary: StoredPackedStrings;
  wordSongsStart: number;
  wordSongs: number;
  /** Each common word's number and its bitmap's part. */
  commonWordBitmaps: [word: number, bitmap: number][];
  exact: StoredExactTexts;
  songCount: number;
  capacity: number;
  recentWordBitmaps: number;
}

/** The songs a word set matches, as a bitmap, and how many they are. */
interface WordSetSongs {
  bitmap: Uint32Array;
  count: number;
}

/**
 * One field's words (a title and its artist, or the artist alone) as a search index over songs
 * numbered 0..n-1. The vocabulary is sorted, so the words a prefix names are one run of word
 * numbers, each listing its songs in one flat typed array; common words also have a bitmap of
 * their songs: nothing for the garbage collector to walk.
 *
 * A search turns each of its words into the bitmap of the songs it matches (kept for the next
 * searches), then either tests the songs of its rarest word against the other words' bitmaps or,
 * when every word is common, intersects the bitmaps, 32 songs per operation. A few matches are
 * put in the asked order by sorting their positions, more by marking them in a bitmap of
 * positions. The work is bounded by the catalogue's size, never by what was asked before.
 */
export class SongSearchIndex {
  /** The matches of a search of common words. */
  private readonly matched: Uint32Array;
  /** The matches' positions in the asked order, marked and cleared by each search. */
  private readonly matchedPositions: Uint32Array;
  /** A search's few matches' positions, sorted. */
  private readonly testedPositions = new Int32Array(SORTED_MATCHES);
  /** Recently used word sets' songs; those of one search's words are never the oldest. */
  private readonly wordSetSongs = new RecencyMap<string, WordSetSongs>(SEARCH_WORD_LIMIT);
  private readonly wordSetsKept: number;

  private constructor(
    private readonly patches: Patches | null,
    /** The catalogue's words in code-unit order. */
    private readonly vocabulary: string[],
    /** The same words for the typo search, each with its number. */
    private readonly spellings: SearchableMap<number>,
    /** Word w's songs are `wordSongs[wordSongsStart[w] .. wordSongsStart[w + 1])`, ascending. */
    private readonly wordSongsStart: Int32Array,
    private readonly wordSongs: Int32Array,
    /** A common word's songs as a bitmap (bit s of the map for song s); undefined for others. */
    private readonly commonWordBitmaps: (Uint32Array | undefined)[],
    /** Lower-cased whole field -> songs, for the exact match that ranks first. */
    private readonly exact: ExactTexts,
    private readonly songCount: number,
    /** The most songs (numbers 0..capacity-1) its bitmaps hold: the built ones and spare room. */
    private readonly capacity: number,
    private readonly recentWordBitmaps: number,
  ) {
    this.matched = new Uint32Array(bitmapLength(capacity));
    this.matchedPositions = new Uint32Array(bitmapLength(capacity));
    // More than one search's words: the oldest word set is never one the search still reads.
    this.wordSetsKept = Math.max(
      2 * SEARCH_WORD_LIMIT,
      Math.min(recentWordBitmaps, Math.floor(RECENT_WORD_BITMAP_BYTES / this.matched.byteLength)),
    );
  }

  /**
   * Indexes each song's field texts; `wholeField` is the lower-cased text an exact search must
   * equal. Yields to the event loop whenever the slice is spent. At most `recentWordBitmaps`
   * search words' bitmaps are kept.
   */
  static async build(
    fieldTexts: string[][],
    wholeField: string[],
    slice: BuildSlice,
    recentWordBitmaps = RECENT_WORD_BITMAPS,
  ): Promise<SongSearchIndex> {
    const songCount = fieldTexts.length;
    const capacity = songCount + spareSongs(songCount);
    // Each song's distinct words, by number in order of first sight, one flat list; a text many
    // songs share (an artist, a common title) is split into words once.
    const numberOfWord = new Map<string, number>();
    const words: string[] = [];
    const songsOfWord: number[] = [];
    const wordsOfText = new Map<string, number[]>();
    const songWords: number[] = [];
    const songWordsStart = new Int32Array(songCount + 1);
    for (let song = 0; song < songCount; song++) {
      const first = songWords.length;
      for (const text of fieldTexts[song]!) {
        let textWords = wordsOfText.get(text);
        if (textWords === undefined) {
          textWords = [];
          for (const word of searchWords(text)) {
            let number = numberOfWord.get(word);
            if (number === undefined) {
              number = words.length;
              numberOfWord.set(word, number);
              words.push(word);
              songsOfWord.push(0);
            }
            textWords.push(number);
          }
          wordsOfText.set(text, textWords);
        }
        for (const number of textWords) {
          // A word twice in a song (in its title and its artist) lists the song once.
          if (songWords.indexOf(number, first) !== -1) continue;
          songWords.push(number);
          songsOfWord[number]!++;
        }
      }
      songWordsStart[song + 1] = songWords.length;
      if (slice.spent) await slice.next();
    }
    wordsOfText.clear();
    numberOfWord.clear();
    // The words are distinct: each one's rank is its place in the sorted vocabulary.
    const { ranks: wordOfNumber } = await textRanks(
      words.length,
      (number) => words[number]!,
      slice,
    );
    const vocabulary: string[] = new Array<string>(words.length);
    for (let number = 0; number < words.length; number++) {
      vocabulary[wordOfNumber[number]!] = words[number]!;
    }

    const wordSongsStart = new Int32Array(vocabulary.length + 1);
    for (let number = 0; number < words.length; number++) {
      wordSongsStart[wordOfNumber[number]! + 1] = songsOfWord[number]!;
    }
    for (let word = 0; word < vocabulary.length; word++) {
      wordSongsStart[word + 1]! += wordSongsStart[word]!;
    }
    const spellings = new SearchableMap<number>();
    const commonWordBitmaps: (Uint32Array | undefined)[] = [];
    for (let word = 0; word < vocabulary.length; word++) {
      const common = wordSongsStart[word + 1]! - wordSongsStart[word]! >= songCount * COMMON_SHARE;
      commonWordBitmaps[word] = common ? new Uint32Array(bitmapLength(capacity)) : undefined;
      spellings.set(vocabulary[word]!, word);
      if (slice.spent) await slice.next();
    }
    // Each word's songs in song order: the songs are visited in order, each written at its
    // word's next free place.
    const wordSongs = new Int32Array(wordSongsStart[vocabulary.length]!);
    const nextPlace = wordSongsStart.slice(0, vocabulary.length);
    for (let song = 0; song < songCount; song++) {
      for (let at = songWordsStart[song]!; at < songWordsStart[song + 1]!; at++) {
        const word = wordOfNumber[songWords[at]!]!;
        wordSongs[nextPlace[word]!++] = song;
        const bitmap = commonWordBitmaps[word];
        if (bitmap) bitmap[song >>> 5]! |= 1 << (song & 31);
      }
      if ((song & (COPY_STEP - 1)) === 0 && slice.spent) await slice.next();
    }
    return new SongSearchIndex(
      null,
      vocabulary,
      spellings,
      wordSongsStart,
      wordSongs,
      commonWordBitmaps,
      await ExactTexts.build(wholeField, slice),
      songCount,
      capacity,
      recentWordBitmaps,
    );
  }

  /** The built index in a stored copy; a patched one is not stored (null). */
  async stored(parts: PartsWriter, slice: BuildSlice): Promise<StoredSearchIndex | null> {
    if (this.patches !== null) return null;
    const commonWordBitmaps: [number, number][] = [];
    this.commonWordBitmaps.forEach((bitmap, word) => {
      if (bitmap) commonWordBitmaps.push([word, parts.add(bitmap)]);
    });
    return {
      // Decoded into strings when read: the bytes are not kept.
      vocabulary: (await PackedStrings.build(this.vocabulary, slice)).stored(parts, {
        region: 'transient',
      }),
      wordSongsStart: parts.add(this.wordSongsStart),
      wordSongs: parts.add(this.wordSongs),
      commonWordBitmaps,
      exact: this.exact.stored(parts),
      songCount: this.songCount,
      capacity: this.capacity,
      recentWordBitmaps: this.recentWordBitmaps,
    };
  }

  /**
   * The index a stored copy holds: its arrays are views of the file's bytes; the words are
   * decoded and the typo look-up's tree made again from them (the one part that is objects).
   */
  static async fromStored(
    stored: StoredSearchIndex,
    parts: PartsReader,
    slice: BuildSlice,
  ): Promise<SongSearchIndex> {
    const packed = PackedStrings.fromStored(stored.vocabulary, parts);
    const vocabulary: string[] = [];
    const spellings = new SearchableMap<number>();
    // A real catalogue's words run to hundreds of thousands: read in slices, as a build is.
    for (let word = 0; word < packed.length; word++) {
      vocabulary.push(packed.at(word));
      spellings.set(vocabulary[word]!, word);
      if (slice.spent) await slice.next();
    }
    const commonWordBitmaps: (Uint32Array | undefined)[] = Array.from(
      { length: vocabulary.length },
      () => undefined,
    );
    for (const [word, bitmap] of stored.commonWordBitmaps) {
      commonWordBitmaps[word] = parts.uint32(bitmap);
    }
    return new SongSearchIndex(
      null,
      vocabulary,
      spellings,
      parts.int32(stored.wordSongsStart),
      parts.int32(stored.wordSongs),
      commonWordBitmaps,
      ExactTexts.fromStored(stored.exact, parts),
      stored.songCount,
      stored.capacity,
      stored.recentWordBitmaps,
    );
  }

  /**
   * This index with songs added (numbered past every song it has) and songs removed, sharing
   * everything built: a staff edit costs the words of the songs it touches, not a build. Null
   * when an added song's number is past the spare room: the catalogue is then built again.
   */
  patched(
    added: { song: number; fieldTexts: string[]; wholeField: string }[],
    removed: number[],
  ): SongSearchIndex | null {
    if (added.some(({ song }) => song >= this.capacity)) return null;
    const removedSongs = [...(this.patches?.removedSongs ?? []), ...removed];
    const removedBitmap = new Uint32Array(bitmapLength(this.capacity));
    for (const song of removedSongs) removedBitmap[song >>> 5]! |= 1 << (song & 31);
    // Songs added and later removed are simply left out.
    const allAdded = [...(this.patches?.added ?? []), ...added].filter(
      ({ song }) => !hasSong(removedBitmap, song),
    );
    const words: string[] = [];
    const wordNumbers = new Map<string, number>();
    const songsByWord = new Map<number, number[]>();
    const exact = new Map<string, number[]>();
    for (const { song, fieldTexts, wholeField } of allAdded) {
      for (const word of new Set(fieldTexts.flatMap(searchWords))) {
        let number = this.builtWordNumber(word) ?? wordNumbers.get(word);
        if (number === undefined) {
          number = this.vocabulary.length + words.length;
          words.push(word);
          wordNumbers.set(word, number);
        }
        const songs = songsByWord.get(number);
        if (songs) songs.push(song);
        else songsByWord.set(number, [song]);
      }
      const same = exact.get(wholeField);
      if (same) same.push(song);
      else exact.set(wholeField, [song]);
    }
    for (const songs of songsByWord.values()) songs.sort((a, b) => a - b);
    const spellings = new SearchableMap<number>();
    for (const [word, number] of wordNumbers) spellings.set(word, number);
    return new SongSearchIndex(
      {
        words,
        spellings,
        songsByWord,
        exact,
        removed: removedBitmap,
        added: allAdded,
        removedSongs,
      },
      this.vocabulary,
      this.spellings,
      this.wordSongsStart,
      this.wordSongs,
      this.commonWordBitmaps,
      this.exact,
      this.songCount,
      this.capacity,
      this.recentWordBitmaps,
    );
  }

  /** A word's number in the built vocabulary, if it is there. */
  private builtWordNumber(word: string): number | undefined {
    const at = this.lowerBound(word);
    return this.vocabulary[at] === word ? at : undefined;
  }

  private isRemoved(song: number): boolean {
    return this.patches !== null && hasSong(this.patches.removed, song);
  }

  /** The songs patches added to a word (none for most words). */
  private addedSongs(word: number): readonly number[] {
    return this.patches?.songsByWord.get(word) ?? NO_SONGS;
  }

  /**
   * Songs of which every word is a prefix ("nightc" finds "nightcore") of one of their words;
   * when that finds nothing, each word also matches the catalogue's closest spellings of it. An
   * exact match of the whole text (`text`, lower-cased) comes first, then `order`; at most `end`
   * songs, and how many match in all.
   */
  find(words: string[], text: string, order: SongOrder, end: number): SearchResult {
    return this.withTypos(
      words,
      (wordSets) => this.matching(wordSets, text, order, end),
      (found) => found.total > 0,
    );
  }

  /**
   * The songs `find` lists, without counting the others: in the songs' own numbering (title
   * order) the search stops at the `end`th match, so a common pair of words costs the few
   * hundred songs it reads, not the tens of thousands it could match.
   */
  first(words: string[], text: string, order: SongOrder, end: number): number[] {
    if (!isIdentity(order.rank)) return this.find(words, text, order, end).songs;
    return this.withTypos(
      words,
      (wordSets) => this.firstInNumberOrder(wordSets, text, end),
      (songs) => songs.length > 0,
    );
  }

  /**
   * `match` on the words' prefix runs; when that finds nothing, on the runs with each word's
   * closest spellings added.
   */
  private withTypos<Found>(
    words: string[],
    match: (wordSets: WordSet[]) => Found,
    isFound: (found: Found) => boolean,
  ): Found {
    if (!words.length) return match([]);
    const byPrefix = words.map((word) => this.prefixRun(word));
    const found = match(byPrefix);
    if (isFound(found)) return found;
    const withTypos: WordSet[] = [];
    for (const [position, word] of words.entries()) {
      const close = [...this.spellings.fuzzyGet(word, typoDistance(word)).values()];
      if (this.patches) {
        close.push(...this.patches.spellings.fuzzyGet(word, typoDistance(word)).values());
      }
      const closest = Math.min(...close.map(([, distance]) => distance));
      const closeWords = close.filter(([, distance]) => distance === closest).map(([w]) => w);
      const prefixRun = byPrefix[position]!;
      const also = [...new Set([...prefixRun.also, ...closeWords])].sort((a, b) => a - b);
      const wordSet = { ...prefixRun, also };
      // A word that matches nothing even misspelt: the other words' spellings need no look-up.
      if (this.size(wordSet) === 0) return found;
      withTypos.push(wordSet);
    }
    return match(withTypos);
  }

  /** The run of word numbers `from..to` (exclusive) whose words start with `prefix`. */
  private prefixRun(prefix: string): WordSet {
    const from = this.lowerBound(prefix);
    // Every word starting with the prefix sorts before the prefix followed by the last code unit.
    const to = this.lowerBound(`${prefix}\uffff`);
    const also: number[] = [];
    this.patches?.words.forEach((word, index) => {
      if (word.startsWith(prefix)) also.push(this.vocabulary.length + index);
    });
    return { from, to, also };
  }

  private lowerBound(text: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.vocabulary[middle]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** How many (song, word) pairs a word set names: the songs it could match, at most. */
  private size({ from, to, also }: WordSet): number {
    let size = this.wordSongsStart[to]! - this.wordSongsStart[from]!;
    for (const word of also) size += this.builtSongCount(word) + this.addedSongs(word).length;
    if (this.patches) {
      for (let word = from; word < to; word++) size += this.addedSongs(word).length;
    }
    return size;
  }

  /** How many songs the build gave a word (none for a word patches added). */
  private builtSongCount(word: number): number {
    if (word >= this.vocabulary.length) return 0;
    return this.wordSongsStart[word + 1]! - this.wordSongsStart[word]!;
  }

  /** A word's songs from the build, as a range of `wordSongs` (empty for a patched word). */
  private builtSongs(word: number): [number, number] {
    if (word >= this.vocabulary.length) return [0, 0];
    return [this.wordSongsStart[word]!, this.wordSongsStart[word + 1]!];
  }

  private matching(
    wordSets: WordSet[],
    text: string,
    { order, rank }: SongOrder,
    end: number,
  ): SearchResult {
    const plan = this.planOf(wordSets);
    if (plan === null) return { total: 0, songs: [] };
    const exactSongs = this.exactSongs(text, rank);
    // In title order (the songs' own numbering, and the order asked for most) a song's position
    // is its number: no look-up in `rank`, a cache miss per match at a million songs.
    const ranks = isIdentity(rank) ? null : rank;
    if (plan !== 'common') {
      const { rare, others, likelyMatches } = plan;
      const positions =
        likelyMatches < SORTED_MATCHES / 2 ? this.sortedPositions(rare, others, ranks) : null;
      if (positions) {
        return { total: positions.length, songs: inOrder(positions, order, exactSongs, end) };
      }
      const total = this.testSongs(rare, others, ranks);
      return { total, songs: this.inPositionOrder(order, exactSongs, end, this.matchedPositions) };
    }
    const bitmaps = wordSets.map((set) => this.songsOf(set));
    const matched = bitmaps.length === 1 ? bitmaps[0]! : this.intersect(bitmaps);
    if (matched.count >= this.songCount * WALKED_SHARE) {
      return { total: matched.count, songs: walkInOrder(matched.bitmap, order, exactSongs, end) };
    }
    if (ranks === null) {
      // The matched songs are their own positions: read in place, and left as they are.
      return {
        total: matched.count,
        songs: this.inPositionOrder(order, exactSongs, end, matched.bitmap, false),
      };
    }
    this.markPositions(matched.bitmap, ranks);
    return {
      total: matched.count,
      songs: this.inPositionOrder(order, exactSongs, end, this.matchedPositions),
    };
  }

  /**
   * How a search of `wordSets` goes: nothing when a set matches no song; when the rarest set is
   * rare enough, its songs tested against the other sets' bitmaps (with the matches expected);
   * otherwise, `'common'`, the sets' bitmaps intersected.
   */
  private planOf(
    wordSets: WordSet[],
  ): { rare: WordSet; others: Uint32Array[]; likelyMatches: number } | 'common' | null {
    const sizes = wordSets.map((set) => this.size(set));
    if (!sizes.length || sizes.some((size) => size === 0)) return null;
    const rarest = sizes.indexOf(Math.min(...sizes));
    if (sizes[rarest]! >= this.songCount * TESTED_SHARE) return 'common';
    const otherSongs = wordSets
      .filter((_, index) => index !== rarest)
      .map((set) => this.songsOf(set));
    return {
      rare: wordSets[rarest]!,
      others: otherSongs.map(({ bitmap }) => bitmap),
      // As if the words were independent: a word on a tenth of the songs keeps a tenth.
      likelyMatches: otherSongs.reduce(
        (matches, { count }) => (matches * count) / this.songCount,
        sizes[rarest]!,
      ),
    };
  }

  /**
   * The songs whose whole field is `text`, by rank (by number without one): they have the
   * search's own words.
   */
  private exactSongs(text: string, rank: Int32Array | null): number[] {
    return [...this.exact.songsOf(text), ...(this.patches?.exact.get(text) ?? [])]
      .filter((song) => !this.isRemoved(song))
      .sort(rank ? (a, b) => rank[a]! - rank[b]! : (a, b) => a - b);
  }

  /**
   * `matching`'s songs where positions are song numbers, found in that order and no further than
   * the `end`th: the rarest word set's songs tested a stretch of numbers at a time, or the
   * bitmaps of common words intersected 32 songs at a time.
   */
  private firstInNumberOrder(wordSets: WordSet[], text: string, end: number): number[] {
    const plan = this.planOf(wordSets);
    if (plan === null) return [];
    const exactSongs = this.exactSongs(text, null);
    const songs = exactSongs.slice(0, end);
    const take = (song: number) => {
      if (!exactSongs.includes(song)) songs.push(song);
    };
    if (plan !== 'common') {
      const { rare, others, likelyMatches } = plan;
      this.testInNumberOrder(rare, others, likelyMatches, () => songs.length >= end, take);
      return songs;
    }
    const [first, ...rest] = wordSets.map((set) => this.songsOf(set).bitmap);
    for (let at = 0; at < first!.length && songs.length < end; at++) {
      let both = first![at]!;
      for (const other of rest) both &= other[at]!;
      for (; both !== 0 && songs.length < end; both &= both - 1) {
        take((at << 5) + 31 - Math.clz32(both & -both));
      }
    }
    return songs;
  }

  /**
   * Hands `take` the songs of a rare word set that are in every other bitmap, in number order,
   * until `done`. The set's words each list their songs in number order: a stretch of numbers at
   * a time, each word's songs in it are tested and marked, then read out in order. The first
   * stretch should hold a page's matches (by the words' shares); each next one is twice as long.
   */
  private testInNumberOrder(
    { from, to, also }: WordSet,
    others: Uint32Array[],
    likelyMatches: number,
    done: () => boolean,
    take: (song: number) => void,
  ): void {
    const marks = this.matchedPositions;
    const removed = this.patches?.removed ?? null;
    const words = [...Array.from({ length: to - from }, (_, index) => from + index), ...also];
    // Each word's songs, ascending: the built ones, then any a patch added (numbered after).
    const lists = words.flatMap((word) => {
      const [start, end] = this.builtSongs(word);
      const added = this.addedSongs(word);
      const built = this.wordSongs.subarray(start, end);
      return added.length ? [built, Int32Array.from(added)] : [built];
    });
    const next = new Int32Array(lists.length);
    // Songs are numbered in title order, so a word's songs often lie close together ("Nightcore -
    // Run" and its like): the stretches start at the set's first song and its matches' share is
    // taken over the numbers its songs span.
    let firstSong = this.capacity;
    let lastSong = 0;
    for (const list of lists) {
      if (!list.length) continue;
      firstSong = Math.min(firstSong, list[0]!);
      lastSong = Math.max(lastSong, list[list.length - 1]!);
    }
    const density = Math.max(likelyMatches, 1) / Math.max(lastSong - firstSong + 1, 1);
    let stretch = Math.max(STRETCH_SONGS, Math.ceil(SORTED_MATCHES / density));
    for (let low = firstSong & ~31; low <= lastSong && !done(); low += stretch, stretch *= 2) {
      // Whole words of marks: a stretch starts and ends at a multiple of 32.
      const high = Math.min(this.capacity, (low + stretch + 31) & ~31);
      stretch = high - low;
      for (let index = 0; index < lists.length; index++) {
        next[index] = markMatches(lists[index]!, next[index]!, high, others, removed, marks);
      }
      for (let at = low >>> 5; at < high >>> 5; at++) {
        for (let bits = marks[at]!; bits !== 0 && !done(); bits &= bits - 1) {
          take((at << 5) + 31 - Math.clz32(bits & -bits));
        }
      }
      marks.fill(0, low >>> 5, high >>> 5);
    }
  }

  /**
   * The positions of the songs of a word set that are in every other bitmap, ascending and each
   * once; null when there are more than `SORTED_MATCHES` (before duplicates are dropped).
   */
  private sortedPositions(
    { from, to, also }: WordSet,
    others: Uint32Array[],
    ranks: Int32Array | null,
  ): Int32Array | null {
    let count = 0;
    for (let word = from; word < to && count >= 0; word++) {
      count = this.collectPositions(word, others, ranks, count);
    }
    for (const word of also)
      if (count >= 0) count = this.collectPositions(word, others, ranks, count);
    if (count < 0) return null;
    const positions = this.testedPositions.subarray(0, count).sort();
    // A song with two words of the set was met twice: its position is there twice, side by side.
    let distinct = 0;
    for (let at = 0; at < count; at++) {
      if (at === 0 || positions[at] !== positions[at - 1]) positions[distinct++] = positions[at]!;
    }
    return positions.subarray(0, distinct);
  }

  /**
   * Adds the positions of a word's songs that are in every other bitmap after the first `count`;
   * returns how many there are then, or -1 when they do not fit.
   */
  private collectPositions(
    word: number,
    others: Uint32Array[],
    ranks: Int32Array | null,
    count: number,
  ): number {
    const positions = this.testedPositions;
    const [start, end] = this.builtSongs(word);
    const added = this.addedSongs(word);
    songs: for (let at = start; at < end + added.length; at++) {
      const song = at < end ? this.wordSongs[at]! : added[at - end]!;
      for (const other of others) if (!hasSong(other, song)) continue songs;
      if (this.isRemoved(song)) continue;
      if (count === positions.length) return -1;
      positions[count++] = ranks === null ? song : ranks[song]!;
    }
    return count;
  }

  /** The songs of a word set, from the bitmaps kept for recent search words or made now. */
  private songsOf(wordSet: WordSet): WordSetSongs {
    // One word of the build (no patch since): a common one's own bitmap, read as it is (it is
    // never kept among the recent ones, whose bitmaps are cleared for reuse); any one's count,
    // the length of its songs' list.
    const single =
      wordSet.to - wordSet.from === 1 && !wordSet.also.length && !this.patches ? wordSet.from : -1;
    const common = single >= 0 ? this.commonWordBitmaps[single] : undefined;
    if (common) return { bitmap: common, count: this.builtSongCount(single) };
    const key = `${wordSet.from}-${wordSet.to}-${wordSet.also.join(',')}`;
    const kept = this.wordSetSongs.get(key);
    if (kept) return kept;
    const bitmap = this.freeBitmap();
    const add = (word: number) => {
      const common = this.commonWordBitmaps[word];
      if (common) {
        for (let at = 0; at < bitmap.length; at++) bitmap[at]! |= common[at]!;
        return;
      }
      const [start, end] = this.builtSongs(word);
      for (let at = start; at < end; at++) {
        const song = this.wordSongs[at]!;
        bitmap[song >>> 5]! |= 1 << (song & 31);
      }
    };
    for (let word = wordSet.from; word < wordSet.to; word++) add(word);
    for (const word of wordSet.also) add(word);
    if (this.patches) {
      const { removed } = this.patches;
      for (let word = wordSet.from; word < wordSet.to; word++) {
        for (const song of this.addedSongs(word)) bitmap[song >>> 5]! |= 1 << (song & 31);
      }
      for (const word of wordSet.also) {
        for (const song of this.addedSongs(word)) bitmap[song >>> 5]! |= 1 << (song & 31);
      }
      for (let at = 0; at < bitmap.length; at++) bitmap[at]! &= ~removed[at]!;
    }
    // A word lists each of its songs once: one word's count needs no look at the bitmap.
    const count = single >= 0 ? this.builtSongCount(single) : countBits(bitmap);
    const songs = { bitmap, count };
    this.wordSetSongs.set(key, songs);
    return songs;
  }

  /**
   * An empty bitmap for a word set: the least recent one's once as many as are kept exist. A
   * search allocates none then: a bitmap is 125 KB at a million songs, held outside the heap, and
   * allocating them one per search made the collector run full collections of the whole heap.
   */
  private freeBitmap(): Uint32Array {
    if (this.wordSetSongs.size < this.wordSetsKept) {
      return new Uint32Array(bitmapLength(this.capacity));
    }
    const key = this.wordSetSongs.oldest()!;
    const { bitmap } = this.wordSetSongs.peek(key)!;
    this.wordSetSongs.delete(key);
    return bitmap.fill(0);
  }

  /**
   * Tests the songs of a rare word set against the other words' bitmaps; marks the positions of
   * the matches and returns how many they are.
   */
  private testSongs(
    { from, to, also }: WordSet,
    others: Uint32Array[],
    ranks: Int32Array | null,
  ): number {
    let total = 0;
    for (let word = from; word < to; word++) total += this.testWordSongs(word, others, ranks);
    for (const word of also) total += this.testWordSongs(word, others, ranks);
    return total;
  }

  private testWordSongs(word: number, others: Uint32Array[], ranks: Int32Array | null): number {
    const positions = this.matchedPositions;
    let added = 0;
    const [start, end] = this.builtSongs(word);
    const addedSongs = this.addedSongs(word);
    songs: for (let at = start; at < end + addedSongs.length; at++) {
      const song = at < end ? this.wordSongs[at]! : addedSongs[at - end]!;
      for (const other of others) if (!hasSong(other, song)) continue songs;
      if (this.isRemoved(song)) continue;
      const position = ranks === null ? song : ranks[song]!;
      const bit = 1 << (position & 31);
      // A song with two words of the set is met twice and counted once.
      if (positions[position >>> 5]! & bit) continue;
      positions[position >>> 5]! |= bit;
      added++;
    }
    return added;
  }

  /** The songs in every bitmap, in `matched`; two (the usual search) in one pass, counted. */
  private intersect(bitmaps: WordSetSongs[]): WordSetSongs {
    const matched = this.matched;
    const first = bitmaps[0]!.bitmap;
    const second = bitmaps[1]!.bitmap;
    let count = 0;
    for (let at = 0; at < matched.length; at++) {
      const both = first[at]! & second[at]!;
      matched[at] = both;
      count += bitCount(both);
    }
    if (bitmaps.length === 2) return { bitmap: matched, count };
    for (const { bitmap } of bitmaps.slice(2)) {
      for (let at = 0; at < matched.length; at++) matched[at]! &= bitmap[at]!;
    }
    return { bitmap: matched, count: countBits(matched) };
  }

  /** Marks the positions of the songs of a bitmap. */
  private markPositions(songs: Uint32Array, rank: Int32Array): void {
    const positions = this.matchedPositions;
    for (let at = 0; at < songs.length; at++) {
      for (let bits = songs[at]!; bits !== 0; bits &= bits - 1) {
        const position = rank[(at << 5) + 31 - Math.clz32(bits & -bits)]!;
        positions[position >>> 5]! |= 1 << (position & 31);
      }
    }
  }

  /**
   * The first `end` songs of the matches whose positions are marked in `positions`: exact matches
   * first, then the others by position. Clears the marks unless told not to.
   */
  private inPositionOrder(
    order: Int32Array,
    exactSongs: number[],
    end: number,
    positions: Uint32Array,
    clear = true,
  ): number[] {
    const songs = exactSongs.slice(0, end);
    for (let at = 0; at < positions.length && songs.length < end; at++) {
      for (let marks = positions[at]!; marks !== 0 && songs.length < end; marks &= marks - 1) {
        const song = order[(at << 5) + 31 - Math.clz32(marks & -marks)]!;
        if (!exactSongs.includes(song)) songs.push(song);
      }
    }
    if (clear) positions.fill(0);
    return songs;
  }
}

/** Which orders are the songs' own numbering (`rank[song] === song`), found once for each. */
const identityOrders = new WeakMap<Int32Array, boolean>();

function isIdentity(rank: Int32Array): boolean {
  let identity = identityOrders.get(rank);
  if (identity === undefined) {
    identity = true;
    for (let song = 0; song < rank.length && identity; song++) identity = rank[song] === song;
    identityOrders.set(rank, identity);
  }
  return identity;
}

/** The songs at the sorted `positions` of `order`, the first `end`: exact matches first. */
function inOrder(
  positions: Int32Array,
  order: Int32Array,
  exactSongs: number[],
  end: number,
): number[] {
  const songs = exactSongs.slice(0, end);
  for (let at = 0; at < positions.length && songs.length < end; at++) {
    const song = order[positions[at]!]!;
    if (!exactSongs.includes(song)) songs.push(song);
  }
  return songs;
}

/** The first `end` songs of a bitmap: exact matches first, then the others in order. */
function walkInOrder(
  songsMatched: Uint32Array,
  order: Int32Array,
  exactSongs: number[],
  end: number,
): number[] {
  const songs = exactSongs.slice(0, end);
  for (let position = 0; position < order.length && songs.length < end; position++) {
    const song = order[position]!;
    if (hasSong(songsMatched, song) && !exactSongs.includes(song)) songs.push(song);
  }
  return songs;
}

/**
 * Marks the songs of `songs` from place `at` on, up to song number `high` (exclusive), that are
 * in every bitmap of `others` and not in `removed`; returns the place it stopped at. One loop over
 * typed arrays and locals: it runs for thousands of songs per search.
 */
function markMatches(
  songs: Int32Array,
  at: number,
  high: number,
  others: Uint32Array[],
  removed: Uint32Array | null,
  marks: Uint32Array,
): number {
  const only = others.length === 1 ? others[0]! : null;
  for (; at < songs.length; at++) {
    const song = songs[at]!;
    if (song >= high) break;
    const word = song >>> 5;
    const bit = 1 << (song & 31);
    if (only !== null) {
      if ((only[word]! & bit) === 0) continue;
    } else if (!inEvery(others, word, bit)) continue;
    if (removed !== null && (removed[word]! & bit) !== 0) continue;
    marks[word]! |= bit;
  }
  return at;
}

function inEvery(bitmaps: Uint32Array[], word: number, bit: number): boolean {
  for (let index = 0; index < bitmaps.length; index++) {
    if ((bitmaps[index]![word]! & bit) === 0) return false;
  }
  return true;
}

const NO_SONGS: readonly number[] = [];

function hasSong(bitmap: Uint32Array, song: number): boolean {
  return (bitmap[song >>> 5]! & (1 << (song & 31))) !== 0;
}

/** Words of 32 bits needed for a bitmap of `songCount` songs. */
function bitmapLength(songCount: number): number {
  return Math.ceil(songCount / 32);
}

/** The number of songs in a bitmap. */
function countBits(bitmap: Uint32Array): number {
  let count = 0;
  for (let at = 0; at < bitmap.length; at++) count += bitCount(bitmap[at]!);
  return count;
}

/** The number of bits set in a 32-bit word. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
