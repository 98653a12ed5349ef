import type {
  ExploreItem,
  PlaylistAllQuery,
  PlaylistCard,
  PlaylistDetail,
  RandomSong,
  Song,
  SongSearchQuery,
  SongSummary,
} from '@fansite/contract';
import { songSummarySchema } from '@fansite/contract';
import {
  alreadyChecked,
  alreadyCheckedWithJson,
  alreadySent,
  OK_ENVELOPE_HEAD,
  OK_ENVELOPE_TAIL,
} from './checked-answers.ts';
import type { PlaylistRow, PlaylistSongs, SongRow } from '../repositories/catalogue-rows.ts';
import { AnswerCache } from './answer-cache.ts';
import { BuildSlice } from './build-slice.ts';
import { lowerBound, orderedByRank, SORT_STEP, sortedNumbers, textRanks } from './build-sorts.ts';
import { type PackedStrings, type StoredPackedStrings, StringsOnDemand } from './packed-strings.ts';
import { SongColumns } from './song-columns.ts';
import { SongIdTable } from './song-id-table.ts';
import { SongSummaries, type StoredSongSummaries } from './song-summaries.ts';
import { SummaryBytes } from './summary-bytes.ts';
import {
  compareText,
  SEARCH_WORD_LIMIT,
  searchWords,
  SongSearchIndex,
  type SongOrder,
  type StoredSearchIndex,
} from './song-search-index.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** A song a radio station may play next, and for how long it plays. */
export interface StationSong {
  youtube_id: string;
  duration_seconds: number;
}

/** Results past this many are not sent; the contract leaves the count to the server. */
const SEARCH_RESULT_LIMIT = 100;
const EXPLORE_SIZE = 12;
/** Random picks a station song tries before sorting out a mostly avoided pool one by one. */
const STATION_PICK_ATTEMPTS = 32;
/** Positions a playlist's position keys leave room for: a playlist lists fewer songs. */
const MAX_PLAYLIST_SONGS = 2 ** 24;
/**
 * Bytes of playlist answers kept per copy: every demo playlist of 100,000 songs (25 MB), a
 * fraction of a million songs' playlists (250 MB), which are written on first visit again.
 */
const PLAYLIST_ANSWER_BYTES = 32 * 1024 * 1024;

type Order = 'titleAsc' | 'titleDesc' | 'dateAsc' | 'dateDesc';
const ORDERS: readonly Order[] = ['titleAsc', 'titleDesc', 'dateAsc', 'dateDesc'];

/**
 * A built copy as a stored copy's header names it (`stored-copy.ts`): small things as JSON, and
 * everything per song as the numbers of parts (typed arrays and packed strings).
 */
export interface StoredSnapshot {
  version: number;
  /**
   * The playlists page's lists, each as the numbers of its cards in `playlists.cards`: written
   * out in full, the lists were 2.5 MB of a million songs' 3.2 MB of JSON, parsed in one block of
   * the event loop when a copy is read.
   */
  playlistLists: [key: string, cards: number[]][];
  playlists: {
    /** Playlist p's card; its detail is the card's id, name and description. */
    cards: PlaylistCard[];
    /** Playlist p's songs and position keys are [songsStart[p], songsStart[p + 1]) of each. */
    songsStart: number;
    songs: number;
    positionKeys: number;
  };
  summaries: StoredSongSummaries;
  descriptions: StoredPackedStrings;
  descriptionRows: number;
  songIds: number;
  orders: Record<Order, { order: number; rank: number }>;
  titleAndArtist: StoredSearchIndex;
  artist: StoredSearchIndex;
}

/**
 * A playlist as the copy keeps it: typed arrays of song numbers, 12 bytes a song. Its answer is
 * written on its first visit and kept in a bounded cache (`playlistAnswers`); a Map of positions
 * by id, an array of ids and one of summaries per playlist, and every playlist's answer written
 * at build time, cost more than the songs' own summaries at a million songs.
 */
interface PlaylistEntry {
  playlist: PlaylistDetail['playlist'];
  /** Its songs' numbers in play order. */
  songs: Int32Array;
  /** `song * MAX_PLAYLIST_SONGS + position` of each of its songs, ascending: a song's position. */
  positionKeys: Float64Array;
}

/** A playlist's rows, to build its entry from: its row and its songs' numbers in play order. */
interface PlaylistSource {
  row: PlaylistRow;
  /** Its songs' ids in play order; those `numberOf` does not know are left out. */
  songIds: readonly string[];
  numberOf: (id: string) => number | undefined;
}

/** The serving copy's songs by video id: the built numbers, and what patches changed since. */
class SongNumbers {
  constructor(
    private readonly built: SongIdTable,
    /** Songs added (their number) or removed (null) by patches since the build. */
    private readonly patched: ReadonlyMap<string, number | null> = new Map(),
  ) {}

  get(youtubeId: string): number | undefined {
    const patched = this.patched.get(youtubeId);
    if (patched !== undefined) return patched ?? undefined;
    return this.built.get(youtubeId);
  }

  with(changes: ReadonlyMap<string, number | null>): SongNumbers {
    return new SongNumbers(this.built, new Map([...this.patched, ...changes]));
  }

  /** The built table's part in a stored copy (stored only while nothing is patched). */
  stored(parts: PartsWriter): number {
    return this.built.stored(parts);
  }
}

/** What a patch reads: every playlist's row, and the current rows of what an edit touched. */
export interface CataloguePatch {
  playlistRows: PlaylistRow[];
  /** The touched songs that exist; a touched song missing here was removed. */
  songRows: SongRow[];
  songIds: string[];
  /** The touched playlists' songs in play order; one missing here was deleted. */
  playlistSongs: PlaylistSongs;
  playlistIds: string[];
}

/**
 * The catalogue as it is served: built once from the database (the source of truth) when a
 * catalogue is imported, patched for the playlists and songs a staff edit touched, then read by
 * every request without a query. Every answer is made here in the contract's shape from rows
 * checked once, with its JSON bytes (what the routes send) copied from the songs' kept bytes. A
 * patch makes a new copy that shares all it did not change with the old one: a request sees one
 * copy or the other, whole. A built copy can be stored and read back (`stored-copy.ts`).
 */
export class CatalogueSnapshot {
  private constructor(
    readonly version: number,
    private readonly playlistLists: Map<string, PlaylistCard[]>,
    private readonly playlists: Map<string, PlaylistEntry>,
    /** Song i's summary; a song a patch removed keeps its slot, unreachable by its id. */
    private readonly summaries: SongSummaries,
    /**
     * The descriptions (the one field of a song its summary lacks), outside the heap, in the order
     * the rows were read: song i's is `descriptions.at(descriptionRows[i])`.
     */
    private readonly descriptions: PackedStrings | StringsOnDemand,
    private readonly descriptionRows: Int32Array,
    /** The descriptions of songs patches added or changed. */
    private readonly patchedDescriptions: ReadonlyMap<number, string>,
    private readonly songNumbers: SongNumbers,
    /** The catalogue's songs in each order; `titleAsc.order` lists every song in service. */
    private readonly orders: Record<Order, SongOrder>,
    private readonly titleAndArtist: SongSearchIndex,
    private readonly artist: SongSearchIndex,
    /** Playlists' answers, written on first visit: each playlist's detail, its bytes attached. */
    private readonly playlistAnswers = new AnswerCache<PlaylistDetail>(PLAYLIST_ANSWER_BYTES),
    /** Built from rows or read from a stored copy: a patched copy is never stored. */
    private readonly built = true,
  ) {
    this.summaryBytes = new SummaryBytes(summaries);
  }

  /** The answers' bytes, written from the summaries. */
  private readonly summaryBytes: SummaryBytes;

  /**
   * Builds the serving copy from rows, yielding to the event loop between chunks so that a server
   * in service keeps answering while a new catalogue is prepared beside the old one.
   */
  static build(
    version: number,
    playlistRows: PlaylistRow[],
    rows: SongRow[],
    playlistSongs: PlaylistSongs,
  ): Promise<CatalogueSnapshot> {
    return CatalogueSnapshot.fromColumns(
      version,
      playlistRows,
      SongColumns.of(rows),
      playlistSongs,
    );
  }

  /** Builds the serving copy from the songs' columns (read page by page), as `build` does. */
  static async fromColumns(
    version: number,
    playlistRows: PlaylistRow[],
    columns: SongColumns,
    playlistSongs: PlaylistSongs,
  ): Promise<CatalogueSnapshot> {
    const slice = new BuildSlice();
    const { rowOfSong, rowsById, lowerTitles } = await numberInTitleOrder(columns, slice);
    const summaries = await SongSummaries.build(columns, rowOfSong, slice);
    // The build's summaries keep each built song's id for good: a patch that changes a song's
    // title, artist or date gives it a new number and leaves the old summary in its slot.
    const songIndex = await SongIdTable.build(
      summaries.length,
      (song) => summaries.id(song),
      slice,
      (song, youtubeId) => summaries.hasId(song, youtubeId),
    );
    const packedDescriptions = await columns.packedDescriptions(slice);
    const playlists = await playlistEntries(
      playlistRows.map((row) => ({
        row,
        songIds: playlistSongs.get(row.id) ?? [],
        numberOf: (id: string) => songIndex.get(id),
      })),
      slice,
    );
    const { titleAndArtist, artist } = await searchIndexes(columns, rowOfSong, lowerTitles, slice);
    return new CatalogueSnapshot(
      version,
      playlistListsOf(playlistRows, playlists, summaries),
      playlists,
      summaries,
      packedDescriptions,
      rowOfSong,
      new Map(),
      new SongNumbers(songIndex),
      await songOrders(columns, rowOfSong, rowsById, lowerTitles, slice),
      titleAndArtist,
      artist,
    );
  }

  /**
   * This copy with what an edit touched read again: the touched songs' summaries and bytes, their
   * words in the search indexes, the four orders when songs came or went, and the touched
   * playlists' answers; every other answer and byte is shared, not made again. Null when the
   * search indexes have no room left for added songs (the caller then builds a new copy).
   */
  async patched(version: number, patch: CataloguePatch): Promise<CatalogueSnapshot | null> {
    const slice = new BuildSlice();
    const changedSummaries = new Map<number, SongSummary>();
    let songCount = this.summaries.length;
    const descriptions = new Map(this.patchedDescriptions);
    const numbers = new Map<string, number | null>();
    const added: { song: number; row: SongRow }[] = [];
    const removed: number[] = [];
    const rowsById = new Map(patch.songRows.map((row) => [row.youtube_url, row]));
    const shared = sharedStrings();
    for (const id of patch.songIds) {
      const row = rowsById.get(id);
      const before = this.songNumbers.get(id);
      const old = before === undefined ? undefined : this.summaries.at(before);
      // A song whose title, artist or date changed is found and ordered anew: it is removed,
      // then added under a new number. A new home playlist or its name changes the summary only.
      const sameKeys =
        old !== undefined &&
        row !== undefined &&
        old.title === row.title &&
        old.author_name === row.author_name &&
        old.date_added === row.date_added;
      if (before !== undefined && !sameKeys) {
        removed.push(before);
        numbers.set(id, null);
      }
      if (!row) continue;
      const song = sameKeys ? before! : songCount++;
      const summary = summaryOf(row, shared);
      changedSummaries.set(song, summary);
      descriptions.set(song, row.description);
      if (!sameKeys) {
        added.push({ song, row });
        numbers.set(id, song);
      }
      if (slice.spent) await slice.next();
    }
    const songNumbers = numbers.size ? this.songNumbers.with(numbers) : this.songNumbers;
    const summaries = changedSummaries.size
      ? this.summaries.with(changedSummaries, songCount)
      : this.summaries;

    let { orders, titleAndArtist, artist } = this;
    if (added.length || removed.length) {
      const fields = added.map(({ song, row }) => ({
        song,
        row,
        lowerTitle: row.title.toLowerCase(),
      }));
      const patchedTitleAndArtist = titleAndArtist.patched(
        fields.map(({ song, row, lowerTitle }) => ({
          song,
          fieldTexts: [row.title, row.author_name],
          wholeField: lowerTitle,
        })),
        removed,
      );
      const patchedArtist = artist.patched(
        fields.map(({ song, row }) => ({
          song,
          fieldTexts: [row.author_name],
          wholeField: row.author_name.toLowerCase(),
        })),
        removed,
      );
      if (!patchedTitleAndArtist || !patchedArtist) return null;
      [titleAndArtist, artist] = [patchedTitleAndArtist, patchedArtist];
      orders = await patchedOrders(
        this.orders,
        summaries,
        added.map(({ song }) => song),
        removed,
        slice,
      );
    }

    const playlists = new Map(this.playlists);
    const touched: PlaylistSource[] = [];
    const rowsOfPlaylists = new Map(patch.playlistRows.map((row) => [row.id, row]));
    for (const id of patch.playlistIds) {
      const row = rowsOfPlaylists.get(id);
      const songIds = patch.playlistSongs.get(id);
      if (!row || !songIds) playlists.delete(id);
      else touched.push({ row, songIds, numberOf: (song) => songNumbers.get(song) });
    }
    for (const [id, entry] of await playlistEntries(touched, slice)) {
      playlists.set(id, entry);
    }
    if (slice.spent) await slice.next();
    return new CatalogueSnapshot(
      version,
      playlistListsOf(patch.playlistRows, playlists, summaries),
      playlists,
      summaries,
      this.descriptions,
      this.descriptionRows,
      descriptions,
      songNumbers,
      orders,
      titleAndArtist,
      artist,
      // The answers of playlists the edit did not touch stay as they were.
      this.playlistAnswers.without(patch.playlistIds),
      false,
    );
  }

  /**
   * This copy as a stored copy holds it (`stored-copy.ts` writes the file): the header's JSON,
   * its parts added to `parts`. Null for a patched copy, which is not stored: a process that
   * starts reads the copy last built and patches the edits since, as a running one does.
   */
  async stored(parts: PartsWriter): Promise<StoredSnapshot | null> {
    if (!this.built) return null;
    const slice = new BuildSlice();
    const summaries = this.summaries.stored(parts);
    const titleAndArtist = await this.titleAndArtist.stored(parts, slice);
    const artist = await this.artist.stored(parts, slice);
    if (!summaries || !titleAndArtist || !artist) return null;

    const playlistEntries = [...this.playlists.values()];
    const songsStart = new Int32Array(playlistEntries.length + 1);
    playlistEntries.forEach((entry, index) => {
      songsStart[index + 1] = songsStart[index]! + entry.songs.length;
    });
    const playlistSongs = new Int32Array(songsStart[playlistEntries.length]!);
    const positionKeys = new Float64Array(playlistSongs.length);
    playlistEntries.forEach((entry, index) => {
      playlistSongs.set(entry.songs, songsStart[index]!);
      positionKeys.set(entry.positionKeys, songsStart[index]!);
    });

    const orders = {} as StoredSnapshot['orders'];
    for (const name of ORDERS) {
      orders[name] = {
        order: parts.add(this.orders[name].order),
        rank: parts.add(this.orders[name].rank),
      };
    }
    const cardNumbers = new Map(playlistEntries.map((entry, index) => [entry.playlist.id, index]));
    const cards = new Map<string, PlaylistCard>();
    for (const list of this.playlistLists.values()) {
      for (const card of list) cards.set(card.id, card);
    }
    // The lists without the home-page filter hold every playlist, which a build makes sure of.
    const cardsInOrder = playlistEntries.map(({ playlist }) => cards.get(playlist.id));
    if (cardsInOrder.includes(undefined)) return null;
    return {
      version: this.version,
      playlistLists: [...this.playlistLists].map(([key, list]) => [
        key,
        list.map((card) => cardNumbers.get(card.id)!),
      ]),
      playlists: {
        cards: cardsInOrder as PlaylistCard[],
        songsStart: parts.add(songsStart),
        songs: parts.add(playlistSongs),
        positionKeys: parts.add(positionKeys),
      },
      summaries,
      // Read from the file when a song is shown: a third of the copy, one at a time.
      descriptions: this.descriptions.stored(parts, { region: 'onDemand' }),
      descriptionRows: parts.add(this.descriptionRows),
      songIds: this.songNumbers.stored(parts),
      orders,
      titleAndArtist,
      artist,
    };
  }

  /**
   * The copy a stored copy holds, as it was built: arrays and bytes are views of the file's
   * bytes (the summaries were checked against the contract when the copy was built); only the
   * search words and their typo look-up are made again.
   */
  static async fromStored(stored: StoredSnapshot, parts: PartsReader): Promise<CatalogueSnapshot> {
    const slice = new BuildSlice();
    const summaries = SongSummaries.fromStored(stored.summaries, parts);
    const songsStart = parts.int32(stored.playlists.songsStart);
    const playlistSongs = parts.int32(stored.playlists.songs);
    const positionKeys = parts.float64(stored.playlists.positionKeys);
    const playlists = new Map<string, PlaylistEntry>();
    const { cards } = stored.playlists;
    cards.forEach(({ id, category_name, description }, index) => {
      const [start, end] = [songsStart[index]!, songsStart[index + 1]!];
      playlists.set(id, {
        // The keys in the order a build writes them: the answers' bytes are the same.
        playlist: { id, category_name, description },
        songs: playlistSongs.subarray(start, end),
        positionKeys: positionKeys.subarray(start, end),
      });
    });
    const orders = {} as Record<Order, SongOrder>;
    for (const name of ORDERS) {
      orders[name] = {
        order: parts.int32(stored.orders[name].order),
        rank: parts.int32(stored.orders[name].rank),
      };
    }
    return new CatalogueSnapshot(
      stored.version,
      new Map(
        stored.playlistLists.map(([key, numbers]) => [
          key,
          alreadyChecked(numbers.map((number) => cards[number]!)),
        ]),
      ),
      playlists,
      summaries,
      StringsOnDemand.fromStored(stored.descriptions, parts),
      parts.int32(stored.descriptionRows),
      new Map(),
      new SongNumbers(
        SongIdTable.fromStored(stored.songIds, parts, (song, youtubeId) =>
          summaries.hasId(song, youtubeId),
        ),
      ),
      orders,
      await SongSearchIndex.fromStored(stored.titleAndArtist, parts, slice),
      await SongSearchIndex.fromStored(stored.artist, parts, slice),
    );
  }

  /** Song i's description, from the build or a patch. */
  private descriptionAt(index: number): string {
    return (
      this.patchedDescriptions.get(index) ?? this.descriptions.at(this.descriptionRows[index]!)
    );
  }

  get songCount(): number {
    return this.liveSongs.length;
  }

  /** Every song in service, in title order. */
  private get liveSongs(): Int32Array {
    return this.orders.titleAsc.order;
  }

  listPlaylists({ home, order }: PlaylistAllQuery): PlaylistCard[] {
    return this.playlistLists.get(`${home === 'true'}|${order ?? 'popularity'}`)!;
  }

  /**
   * A playlist and its songs. The answer's bytes are written on its first visit and kept while
   * the cache takes them (`AnswerCache.keepsNext`): a copy from the songs' bytes, one allocation
   * per answer. One not kept is written again at each send, as a search's answer is.
   */
  getPlaylist(playlistId: string): PlaylistDetail | null {
    const entry = this.playlists.get(playlistId);
    if (!entry) return null;
    const kept = this.playlistAnswers.get(playlistId);
    if (kept) return kept;
    const { summaries } = this;
    let songs: SongSummary[] | undefined;
    const detail: PlaylistDetail = {
      playlist: entry.playlist,
      // Made on first read: the route sends the bytes below, and a playlist of thousands of
      // songs made into objects on its first visit cost more than the rest of the answer.
      get songs() {
        songs ??= Array.from(entry.songs, (song) => summaries.at(song));
        return songs;
      },
    };
    const head = `{"playlist":${JSON.stringify(entry.playlist)},"songs":`;
    if (!this.playlistAnswers.keepsNext()) {
      return alreadyCheckedWithJson(detail, (envelopeHead, envelopeTail) =>
        this.summaryBytes.list(entry.songs, `${envelopeHead}${head}`, `}${envelopeTail}`),
      );
    }
    const bytes = this.summaryBytes.answer(
      entry.songs,
      `${OK_ENVELOPE_HEAD}${head}`,
      `}${OK_ENVELOPE_TAIL}`,
    );
    this.playlistAnswers.set(playlistId, alreadySent(detail, bytes), bytes.length);
    return detail;
  }

  /**
   * Up to `count` songs of a playlist from `youtubeId` on, going on from its first song past its
   * end (what plays next); undefined when there is no such playlist, null when the song is not
   * in it.
   */
  songsFrom(
    playlistId: string,
    youtubeId: string,
    count: number,
  ): SongSummary[] | null | undefined {
    const playlist = this.playlists.get(playlistId);
    if (!playlist) return undefined;
    const song = this.songNumbers.get(youtubeId);
    const at = song === undefined ? null : positionOf(playlist, song);
    if (at === null) return null;
    const length = playlist.songs.length;
    return alreadyChecked(
      Array.from({ length: Math.min(count, length) }, (_, offset) =>
        this.summaries.at(playlist.songs[(at + offset) % length]!),
      ),
    );
  }

  /** The id of a playlist's song at `position` in play order. */
  private songIdAt(playlist: PlaylistEntry, position: number): string | null {
    const song = playlist.songs[position];
    return song === undefined ? null : this.summaries.id(song);
  }

  /** A song in the context of a playlist: next, previous and first follow the playlist's order. */
  getSongInPlaylist(youtubeId: string, playlistId: string): Song | null {
    const playlist = this.playlists.get(playlistId);
    const index = this.songNumbers.get(youtubeId);
    if (!playlist || index === undefined) return null;
    const position = positionOf(playlist, index);
    if (position === null) return null;
    const { summaries } = this;
    const nextSong = playlist.songs[position + 1];
    const rest = {
      description: this.descriptionAt(index),
      next: nextSong === undefined ? null : this.summaries.id(nextSong),
      next_title: nextSong === undefined ? null : this.summaries.title(nextSong),
      previous: position > 0 ? this.songIdAt(playlist, position - 1) : null,
      first_song: this.songIdAt(playlist, 0)!,
    };
    // Field by field: a spread of the summary into the answer cost 40 times as much (6 µs a song).
    // The summary's fields from its record: the id is the one looked up.
    const song: Song = {
      youtube_url: youtubeId,
      title: summaries.title(index),
      author_name: summaries.author(index),
      category_id: summaries.categoryId(index),
      category_name: summaries.categoryName(index),
      date_added: summaries.date(index),
      new: summaries.isNew(index),
      duration: summaries.duration(index),
      description: rest.description,
      next: rest.next,
      next_title: rest.next_title,
      previous: rest.previous,
      first_song: rest.first_song,
    };
    // The summary's JSON, then the rest's: the same text as stringifying the song.
    return alreadyCheckedWithJson(song, (head, tail) =>
      this.summaryBytes.withFields(index, head, JSON.stringify(rest).slice(1, -1), tail),
    );
  }

  /** One song's description, or undefined when the catalogue lacks the song. */
  description(youtubeId: string): string | undefined {
    const index = this.songNumbers.get(youtubeId);
    return index === undefined ? undefined : this.descriptionAt(index);
  }

  summary(youtubeId: string): SongSummary | undefined {
    const index = this.songNumbers.get(youtubeId);
    return index === undefined ? undefined : this.summaries.at(index);
  }

  /** A random song, from one playlist when given; null when there is none. */
  randomSong(playlistId?: string): RandomSong | null {
    if (playlistId) {
      const playlist = this.playlists.get(playlistId);
      if (!playlist?.songs.length) return null;
      const pick = this.songIdAt(playlist, Math.floor(Math.random() * playlist.songs.length))!;
      return alreadyChecked({ youtube_url: pick, category_id: playlistId });
    }
    const { liveSongs } = this;
    const pick = liveSongs[Math.floor(Math.random() * liveSongs.length)];
    return pick === undefined
      ? null
      : alreadyChecked({
          youtube_url: this.summaries.id(pick),
          category_id: this.summaries.categoryId(pick),
        });
  }

  /**
   * A random song for a radio station: from the whole catalogue, or one playlist's songs, and
   * not one of `avoid` (the songs it played lately) unless every song of the pool is; null for an
   * empty pool. Random indexes are tried first (uniform among the songs not avoided, and almost
   * always quick: the pool is much larger than what it avoids); a pool mostly avoided is sorted
   * out song by song.
   */
  stationSong(playlistId: string | null, avoid: ReadonlySet<string>): StationSong | null {
    const pool =
      playlistId === null
        ? this.liveSongs
        : (this.playlists.get(playlistId)?.songs ?? new Int32Array(0));
    const size = pool.length;
    if (size === 0) return null;
    const idAt = (index: number) => this.summaries.id(pool[index]!);
    const randomIndex = (below: number) => Math.floor(Math.random() * below);
    let pick: string | undefined;
    for (let attempt = 0; attempt < STATION_PICK_ATTEMPTS && pick === undefined; attempt++) {
      const id = idAt(randomIndex(size));
      if (!avoid.has(id)) pick = id;
    }
    if (pick === undefined) {
      const allowed: string[] = [];
      for (let index = 0; index < size; index++) {
        if (!avoid.has(idAt(index))) allowed.push(idAt(index));
      }
      pick = allowed.length ? allowed[randomIndex(allowed.length)]! : idAt(randomIndex(size));
    }
    return {
      youtube_id: pick,
      duration_seconds: this.summaries.duration(this.songNumbers.get(pick)!),
    };
  }

  /**
   * A few songs from across the catalogue, for the song page's Explore more grid: evenly apart
   * in title order from a random first one. Songs side by side would be titles that begin alike.
   */
  explore(): ExploreItem[] {
    const { liveSongs } = this;
    const songCount = liveSongs.length;
    const count = Math.min(EXPLORE_SIZE, songCount);
    const start = Math.floor(Math.random() * songCount);
    const step = Math.floor(songCount / Math.max(count, 1));
    return alreadyChecked(
      Array.from({ length: count }, (_, offset) => {
        const song = liveSongs[(start + offset * step) % songCount]!;
        return {
          id: this.summaries.categoryId(song),
          youtube_url: this.summaries.id(song),
          title: this.summaries.title(song),
          category_name: this.summaries.categoryName(song),
        };
      }),
    );
  }

  /**
   * Every word of the search is a prefix ("nightc" finds "nightcore") of a word of the title or
   * artist (the artist alone with type=artist). Only when that finds nothing do typos get their
   * chance: each word then also matches the closest spellings in the catalogue's words. An exact
   * title (or artist) match always comes first, then the chosen order; at most 100 songs.
   * The work is bounded by the songs the words name and by the catalogue's size, never by what
   * was asked before.
   */
  search(query: SongSearchQuery): SongSummary[] {
    const found = this.lookUp(query, (field, words, text, order) =>
      field.first(words, text, order, SEARCH_RESULT_LIMIT),
    );
    return this.summariesOf(found ?? []);
  }

  /** The same search's songs from `offset` (at most `limit`), and how many match in all. */
  searchPage(
    query: SongSearchQuery,
    offset: number,
    limit: number,
  ): { total: number; songs: SongSummary[] } {
    const found = this.lookUp(query, (field, words, text, order) =>
      field.find(words, text, order, offset + limit),
    );
    return { total: found?.total ?? 0, songs: this.summariesOf(found?.songs.slice(offset) ?? []) };
  }

  /** Asks the query's field index with its words, text and order; null when it has no words. */
  private lookUp<Found>(
    query: SongSearchQuery,
    ask: (field: SongSearchIndex, words: string[], text: string, order: SongOrder) => Found,
  ): Found | null {
    const field = query.type === 'artist' ? this.artist : this.titleAndArtist;
    const words = [...new Set(searchWords(query.s))].slice(0, SEARCH_WORD_LIMIT);
    if (!words.length) return null;
    const order: Order =
      query.orderBy === 'date_added'
        ? query.orderDir === 'DESC'
          ? 'dateDesc'
          : 'dateAsc'
        : query.orderDir === 'DESC'
          ? 'titleDesc'
          : 'titleAsc';
    return ask(field, words, query.s.trim().toLowerCase(), this.orders[order]);
  }

  /** Songs as an answer's summaries, their JSON copied from the songs' bytes. */
  private summariesOf(songs: number[]): SongSummary[] {
    return alreadyCheckedWithJson(
      songs.map((song) => this.summaries.at(song)),
      (head, tail) => this.summaryBytes.list(songs, head, tail),
    );
  }
}

/**
 * The serving copy's first step: songs numbered in title order (song i is row `rowOfSong[i]`),
 * and their lower-cased titles.
 */
async function numberInTitleOrder(columns: SongColumns, slice: BuildSlice) {
  // Songs are numbered in title order, the order of every list that asks for none: the songs'
  // bytes, offsets and ranks then lie in that order, and the first songs of a search in it,
  // whose bytes its answer copies, are read from nearby places that earlier searches left in
  // the processor's cache, not from anywhere in the catalogue's tens of megabytes.
  const rowTitles: string[] = [];
  for (let row = 0; row < columns.length; row++) {
    rowTitles.push(columns.title(row).toLowerCase());
    if (slice.spent) await slice.next();
  }
  // Ties between equal titles go by video id: the rows in id order, then stably by title.
  const rowsById = await rowsInIdOrder(columns, slice);
  const rowOfSong = await orderedByRank(
    rowsById,
    await textRanks(columns.length, (row) => rowTitles[row]!, slice),
    slice,
  );
  const lowerTitles: string[] = [];
  for (const row of rowOfSong) {
    lowerTitles.push(rowTitles[row]!);
    if (slice.spent) await slice.next();
  }
  return { rowOfSong, rowsById, lowerTitles };
}

/**
 * The rows' numbers in video id order (code units). The rows are read in id order as the
 * database sorts (`loadCatalogueRows`), the same order when it sorts by C rules (a cluster made
 * with a C locale, as Debian's in a container is); sorted here when they are not.
 */
async function rowsInIdOrder(columns: SongColumns, slice: BuildSlice): Promise<Int32Array> {
  const rows = new Int32Array(columns.length);
  let inOrder = true;
  for (let row = 0; row < rows.length; row++) {
    rows[row] = row;
    if (row > 0 && inOrder) inOrder = columns.youtubeId(row - 1) < columns.youtubeId(row);
    if ((row & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  if (inOrder) return rows;
  return orderedByRank(
    rows,
    await textRanks(columns.length, (row) => columns.youtubeId(row), slice),
    slice,
  );
}

/**
 * A song's summary from a row a patch read, checked once here against the contract as the
 * build's are (`SongColumns.summary`).
 */
function summaryOf(row: SongRow, shared: (text: string) => string): SongSummary {
  const summary: SongSummary = {
    youtube_url: row.youtube_url,
    title: row.title,
    author_name: shared(row.author_name),
    category_id: shared(row.category_id),
    category_name: shared(row.category_name),
    date_added: row.date_added,
    // The literals: one string each, where every row brought a copy of its own.
    new: row.new === 'true' ? 'true' : 'false',
    duration: row.duration,
  };
  songSummarySchema.parse(summary);
  return summary;
}

/**
 * Each playlist's entry: its songs' numbers in play order (leaving out songs the copy lacks), and
 * their positions by song number.
 */
async function playlistEntries(
  sources: PlaylistSource[],
  slice: BuildSlice,
): Promise<Map<string, PlaylistEntry>> {
  const playlists = new Map<string, PlaylistEntry>();
  for (const { row, songIds, numberOf } of sources) {
    // Each id looked up in the id table: a million of them took a third of a second in one piece.
    const songs: number[] = [];
    for (let position = 0; position < songIds.length; position++) {
      const song = numberOf(songIds[position]!);
      if (song !== undefined) songs.push(song);
      if ((position & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
    }
    const keys = new Float64Array(songs.length);
    for (let position = 0; position < songs.length; position++) {
      keys[position] = songs[position]! * MAX_PLAYLIST_SONGS + position;
    }
    const positionKeys = await sortedNumbers(keys, slice);
    playlists.set(row.id, {
      playlist: { id: row.id, category_name: row.name, description: row.description },
      songs: Int32Array.from(songs),
      positionKeys,
    });
    if (slice.spent) await slice.next();
  }
  return playlists;
}

/** A song's position in a playlist's play order (a binary search), or null when it is not in it. */
function positionOf({ positionKeys }: PlaylistEntry, song: number): number | null {
  const lowest = song * MAX_PLAYLIST_SONGS;
  const key = positionKeys[lowerBound(positionKeys, lowest)];
  return key !== undefined && key < lowest + MAX_PLAYLIST_SONGS ? key - lowest : null;
}

/** The playlists page's lists: three orders, with and without the playlists off the home page. */
function playlistListsOf(
  playlistRows: PlaylistRow[],
  playlists: Map<string, PlaylistEntry>,
  summaries: SongSummaries,
): Map<string, PlaylistCard[]> {
  const firstSongId = (playlist: PlaylistEntry | undefined) => {
    const song = playlist?.songs[0];
    return song === undefined ? null : summaries.id(song);
  };
  const cards = new Map(
    playlistRows.map((row) => [
      row.id,
      {
        id: row.id,
        category_name: row.name,
        description: row.description,
        youtube_url: firstSongId(playlists.get(row.id)),
        description_url: row.description_url,
        special: row.special,
        image_url: row.image_url,
      } satisfies PlaylistCard,
    ]),
  );
  // Each name lower-cased once: in the comparisons, the three sorts of a few hundred playlists
  // were most of a patch's own time.
  const named = playlistRows.map((row) => ({ row, lowerName: row.name.toLowerCase() }));
  type Named = (typeof named)[number];
  const byName = (a: Named, b: Named) => compareText(a.lowerName, b.lowerName);
  const byId = (a: Named, b: Named) => compareText(a.row.id, b.row.id);
  const sortedBy = (compare: (a: Named, b: Named) => number) =>
    [...named].sort(compare).map(({ row }) => row);
  const sorted: Record<string, PlaylistRow[]> = {
    popularity: sortedBy(
      (a, b) => b.row.popularity - a.row.popularity || byName(a, b) || byId(a, b),
    ),
    ASC: sortedBy((a, b) => byName(a, b) || byId(a, b)),
    DESC: sortedBy((a, b) => byName(b, a) || byId(a, b)),
  };
  const playlistLists = new Map<string, PlaylistCard[]>();
  for (const [order, rows] of Object.entries(sorted)) {
    for (const homeOnly of [true, false]) {
      playlistLists.set(
        `${homeOnly}|${order}`,
        alreadyChecked(
          rows.filter((row) => !homeOnly || row.home).map((row) => cards.get(row.id)!),
        ),
      );
    }
  }
  return playlistLists;
}

/** The two search indexes: title and artist together, and the artist alone. */
async function searchIndexes(
  columns: SongColumns,
  rowOfSong: Int32Array,
  lowerTitles: string[],
  slice: BuildSlice,
) {
  const lowerArtists: string[] = [];
  // What each search index reads of a song, made here in slices like the rest.
  const titleAndArtistFields: string[][] = [];
  const artistFields: string[][] = [];
  for (const row of rowOfSong) {
    const author = columns.author(row);
    lowerArtists.push(author.toLowerCase());
    titleAndArtistFields.push([columns.title(row), author]);
    artistFields.push([author]);
    if (slice.spent) await slice.next();
  }
  return {
    titleAndArtist: await SongSearchIndex.build(titleAndArtistFields, lowerTitles, slice),
    artist: await SongSearchIndex.build(artistFields, lowerArtists, slice),
  };
}

/**
 * The four orders a search may ask for, over songs numbered in title order (`rowsById`: the
 * rows in video id order, the tie-break of every order).
 */
async function songOrders(
  columns: SongColumns,
  rowOfSong: Int32Array,
  rowsById: Int32Array,
  lowerTitles: string[],
  slice: BuildSlice,
): Promise<Record<Order, SongOrder>> {
  const songCount = rowOfSong.length;
  // The build reads the columns' strings, in the order rows were read.
  const date = (song: number) => columns.date(rowOfSong[song]!);
  const titleAsc = new Int32Array(songCount);
  for (let song = 0; song < songCount; song++) titleAsc[song] = song;
  const songOfRow = await ranksOf(rowOfSong, songCount, slice);
  const songsById = new Int32Array(songCount);
  for (let position = 0; position < songCount; position++) {
    songsById[position] = songOfRow[rowsById[position]!]!;
  }
  const dateAsc = await orderedByRank(songsById, await textRanks(songCount, date, slice), slice);
  // Descending keeps the tie-break by video id ascending, as the database's ORDER BY did.
  const titleDesc = await reversedKeepingTies(
    titleAsc,
    (a, b) => lowerTitles[a] === lowerTitles[b],
    slice,
  );
  const dateDesc = await reversedKeepingTies(dateAsc, (a, b) => date(a) === date(b), slice);
  const orders = {} as Record<Order, SongOrder>;
  for (const [name, order] of Object.entries({ titleAsc, titleDesc, dateAsc, dateDesc })) {
    orders[name as Order] = { order, rank: await ranksOf(order, songCount, slice) };
  }
  return orders;
}

/** Each song's position in an order; songs not in it (removed ones) get none that matters. */
async function ranksOf(order: Int32Array, songCount: number, slice: BuildSlice) {
  const rank = new Int32Array(songCount);
  for (let position = 0; position < order.length; position++) {
    rank[order[position]!] = position;
    if ((position & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return rank;
}

/**
 * The four orders with songs removed and added: each added song goes in its place (a binary
 * search), the rest keep theirs. The same keys and tie-breaks as the build's sorts.
 */
async function patchedOrders(
  orders: Record<Order, SongOrder>,
  summaries: SongSummaries,
  added: number[],
  removed: number[],
  slice: BuildSlice,
): Promise<Record<Order, SongOrder>> {
  const title = (song: number) => summaries.title(song).toLowerCase();
  const date = (song: number) => summaries.date(song);
  const id = (song: number) => summaries.id(song);
  const compare: Record<Order, (a: number, b: number) => number> = {
    titleAsc: (a, b) => compareText(title(a), title(b)) || compareText(id(a), id(b)),
    titleDesc: (a, b) => compareText(title(b), title(a)) || compareText(id(a), id(b)),
    dateAsc: (a, b) => compareText(date(a), date(b)) || compareText(id(a), id(b)),
    dateDesc: (a, b) => compareText(date(b), date(a)) || compareText(id(a), id(b)),
  };
  const patched = {} as Record<Order, SongOrder>;
  for (const name of Object.keys(compare) as Order[]) {
    const kept = withoutSongs(orders[name], removed);
    await slice.next();
    const order = new Int32Array(kept.length + added.length);
    let from = 0;
    let to = 0;
    for (const song of [...added].sort(compare[name])) {
      // The first kept song that sorts after the added one.
      let low = from;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare[name](kept[middle]!, song) < 0) low = middle + 1;
        else high = middle;
      }
      order.set(kept.subarray(from, low), to);
      to += low - from;
      order[to++] = song;
      from = low;
    }
    order.set(kept.subarray(from), to);
    await slice.next();
    patched[name] = { order, rank: await ranksOf(order, summaries.length, slice) };
  }
  return patched;
}

/**
 * An order without some of its songs: their positions (from the ranks), and the runs between them
 * copied whole. A filter over every song ran as slow code once per patch (several ms).
 */
function withoutSongs({ order, rank }: SongOrder, songs: number[]): Int32Array {
  if (!songs.length) return order;
  const positions = songs.map((song) => rank[song]!).sort((a, b) => a - b);
  const kept = new Int32Array(order.length - positions.length);
  let from = 0;
  let to = 0;
  for (const position of positions) {
    kept.set(order.subarray(from, position), to);
    to += position - from;
    from = position + 1;
  }
  kept.set(order.subarray(from), to);
  return kept;
}

/**
 * One string object per distinct text, for the fields many songs share: every row brings its own
 * copy of its playlist's id and name and of its artist, 10 MB of the heap at 100,000 songs.
 */
function sharedStrings(): (text: string) => string {
  const kept = new Map<string, string>();
  return (text) => {
    const same = kept.get(text);
    if (same !== undefined) return same;
    kept.set(text, text);
    return text;
  };
}

/**
 * The order reversed, except that songs with equal keys stay in their ascending tie-break order.
 * Run once per build, it runs before the compiler has optimized it: 100,000 songs took 26 ms in
 * one piece, so it yields like the sort.
 */
async function reversedKeepingTies(
  ascending: Int32Array,
  sameKey: (a: number, b: number) => boolean,
  slice: BuildSlice,
): Promise<Int32Array> {
  const result = new Int32Array(ascending.length);
  let out = 0;
  let end = ascending.length;
  for (let group = 1; end > 0; group++) {
    let start = end - 1;
    while (start > 0 && sameKey(ascending[start - 1]!, ascending[end - 1]!)) start--;
    for (let index = start; index < end; index++) result[out++] = ascending[index]!;
    end = start;
    if ((group & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return result;
}
