import { API_PREFIX, calls } from '@fansite/contract';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';

/** One route under load: the paths it cycles through, its rate, and its budget from docs/budgets.md. */
export type Workload = {
  route: string;
  /** The measured paths: never asked before the first-visit pass. */
  paths: string[];
  /**
   * Paths of the same route, disjoint from `paths`, that warm the process (JIT, connections)
   * before the first visits are measured, as a server in service has answered others before.
   */
  warmPaths: string[];
  ratePerSecond: number;
  /** p99 budget in milliseconds; docs/budgets.md sets none for playlist/all. */
  p99BudgetMs: number | null;
  /** Headers sent with each paced request beside the path (a browser's, for fresh pages). */
  headers?: Record<string, string>;
  /** Each path asked from an address of its own (`addresses.ts`): the radio's listeners. */
  ownAddresses?: boolean;
};

/**
 * Distinct listener ids polling the radio: at 1,000 requests/s each polls every 5 s, as an open
 * fm page does.
 */
const RADIO_LISTENERS = 5_000;

/**
 * Enough distinct songs and queries that no single cached row or plan flatters the figures, and
 * that a first-visit pass lasts several seconds.
 */
const SONG_SAMPLE_SIZE = 20_000;
const SONG_WARM_SIZE = 5_000;
const SEARCH_SAMPLE_SONGS = 20_000;
const SEARCH_WORD_COUNT = 1_500;
const MIN_SEARCH_WORD_LENGTH = 5;
/** Pages per kind (song, search) sampled for the rendered-page routes, and their target rate. */
const PAGE_SAMPLE_SIZE = 1_000;
export const PAGE_RATE = 200;

/** The home page's grid, then the playlists page in its three orders. */
const PLAYLIST_LISTINGS: Record<string, string>[] = [
  { home: 'true' },
  {},
  { order: 'ASC' },
  { order: 'DESC' },
];

/** Picks `count` items spread evenly over the list, so samples cover old and new rows alike. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)] as T);
}

/** As `spread`, but half a step further on: items none of `spread`'s picks of as many or fewer. */
function spreadBetween<T>(items: T[], count: number): T[] {
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor((index + 0.5) * step)] as T);
}

/** Every `every`-th item warms, the others are measured: both spread over the whole list. */
function split<T>(items: T[], every: number): { warm: T[]; measured: T[] } {
  return {
    warm: items.filter((_, index) => index % every === 0),
    measured: items.filter((_, index) => index % every !== 0),
  };
}

function url(call: { path: string }, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params).toString();
  return `${API_PREFIX}${call.path}${search ? `?${search}` : ''}`;
}

function routeName(call: { path: string }): string {
  return call.path.slice(1);
}

/** Swaps two inner letters, a typo people make: "heartbeat" becomes "heatrbeat". */
function withTypo(word: string): string {
  const at = Math.floor(word.length / 2) - 1;
  return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
}

/** A page's paths, one per set of query parameters. */
const pagePaths = (path: string, params: Record<string, string>[]) =>
  params.map((param) => `${path}?${new URLSearchParams(param).toString()}`);

/**
 * Search texts taken from the catalogue's own titles, each as a whole word, a prefix (what a
 * visitor has typed so far) and with a typo, plus the first two words of some titles.
 */
function searchTexts(catalogue: CatalogueFile): string[] {
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const song of spread(catalogue.songs, SEARCH_SAMPLE_SONGS)) {
    const titleWords = song.title
      .replace(/^Nightcore - /, '')
      .split(/[^A-Za-z']+/)
      .filter(Boolean)
      .map((word) => word.toLowerCase());
    for (const word of titleWords) {
      if (word.length >= MIN_SEARCH_WORD_LENGTH && words.size < SEARCH_WORD_COUNT) words.add(word);
    }
    if (titleWords.length >= 2 && pairs.size < SEARCH_WORD_COUNT) {
      pairs.add(titleWords.slice(0, 2).join(' '));
    }
  }
  const variants = [...words].flatMap((word) => [word, word.slice(0, 4), withTypo(word)]);
  return [...new Set([...variants, ...pairs])];
}

export function buildWorkloads(catalogue: CatalogueFile): Workload[] {
  const playlistIds = split(
    catalogue.playlists.map((playlist) => playlist.id),
    2,
  );
  // Visitors open songs from every playlist, `new` and `network` included.
  const songInPlaylist = split(
    spread(
      catalogue.playlists.flatMap((playlist) =>
        playlist.songs.map((songId) => ({ s: songId, p: playlist.id })),
      ),
      SONG_SAMPLE_SIZE + SONG_WARM_SIZE,
    ),
    (SONG_SAMPLE_SIZE + SONG_WARM_SIZE) / SONG_WARM_SIZE,
  );
  // Each text in the default order, by date, and as an artist search: distinct answers.
  const searchPaths = (texts: string[]) =>
    texts.flatMap((s) => [
      url(calls.songSearch, { s }),
      url(calls.songSearch, { s, orderBy: 'date_added', orderDir: 'DESC' }),
      url(calls.songSearch, { s, type: 'artist' }),
    ]);
  const searches = split(searchTexts(catalogue), 3);
  // Pages of the main site, rendered on the server: a first visit renders, a repeat is the
  // rendered page kept for the catalogue version. Fewer paths than the calls: a render costs more.
  const pageSongs = split(spread(songInPlaylist.measured, PAGE_SAMPLE_SIZE), 4);
  const pageSearches = split(spread(searches.measured, PAGE_SAMPLE_SIZE), 4);
  return [
    {
      // Four paths in all: there is no never-seen one to measure, only repeats.
      route: routeName(calls.playlistAll),
      paths: PLAYLIST_LISTINGS.map((params) => url(calls.playlistAll, params)),
      warmPaths: [],
      ratePerSecond: 500,
      p99BudgetMs: null,
    },
    {
      route: routeName(calls.playlistGet),
      paths: playlistIds.measured.map((p) => url(calls.playlistGet, { p })),
      warmPaths: playlistIds.warm.map((p) => url(calls.playlistGet, { p })),
      ratePerSecond: 500,
      p99BudgetMs: 20,
    },
    {
      route: routeName(calls.songGet),
      paths: songInPlaylist.measured.map((params) => url(calls.songGet, params)),
      warmPaths: songInPlaylist.warm.map((params) => url(calls.songGet, params)),
      ratePerSecond: 500,
      p99BudgetMs: 20,
    },
    {
      route: routeName(calls.playlistExplore),
      paths: [url(calls.playlistExplore)],
      warmPaths: [],
      ratePerSecond: 500,
      p99BudgetMs: null,
    },
    {
      route: routeName(calls.songRandom),
      paths: playlistIds.measured.map((p) => url(calls.songRandom, { p })),
      warmPaths: [
        url(calls.songRandom),
        ...playlistIds.warm.map((p) => url(calls.songRandom, { p })),
      ],
      ratePerSecond: 500,
      p99BudgetMs: null,
    },
    {
      route: routeName(calls.songSearch),
      paths: searchPaths(searches.measured),
      warmPaths: searchPaths(searches.warm),
      ratePerSecond: 200,
      p99BudgetMs: 50,
    },
    {
      route: 'page /playlist',
      paths: pagePaths(
        '/playlist',
        playlistIds.measured.map((p) => ({ p })),
      ),
      warmPaths: pagePaths(
        '/playlist',
        playlistIds.warm.map((p) => ({ p })),
      ),
      ratePerSecond: PAGE_RATE,
      p99BudgetMs: null,
    },
    {
      route: 'page /song',
      paths: pagePaths('/song', pageSongs.measured),
      warmPaths: pagePaths('/song', pageSongs.warm),
      ratePerSecond: PAGE_RATE,
      p99BudgetMs: null,
    },
    {
      route: 'page /search',
      paths: pagePaths(
        '/search',
        pageSearches.measured.map((q) => ({ q })),
      ),
      warmPaths: pagePaths(
        '/search',
        pageSearches.warm.map((q) => ({ q })),
      ),
      ratePerSecond: PAGE_RATE,
      p99BudgetMs: null,
    },
    {
      // Every fm page polls every 5 s: 1,000 requests/s is 5,000 listeners. No budget is set.
      route: routeName(calls.radioGet),
      paths: Array.from({ length: RADIO_LISTENERS }, (_, index) =>
        url(calls.radioGet, { listener: `bench-listener-${index}` }),
      ),
      warmPaths: Array.from({ length: 500 }, (_, index) =>
        url(calls.radioGet, { listener: `bench-warm-listener-${index}` }),
      ),
      ratePerSecond: 1_000,
      p99BudgetMs: null,
      ownAddresses: true,
    },
  ];
}

/**
 * Distinct searches for the flood: pairs of the catalogue's words (and their prefixes), none
 * asked twice, so no answer is ever cached.
 */
export function floodSearchPaths(catalogue: CatalogueFile, count: number): string[] {
  const words = [
    ...new Set(
      catalogue.songs
        .slice(0, 20_000)
        .flatMap((song) => song.title.toLowerCase().split(/[^a-z]+/))
        .filter((word) => word.length >= 3),
    ),
  ];
  const paths: string[] = [];
  for (let index = 0; paths.length < count; index++) {
    const first = words[index % words.length]!;
    const second = words[Math.floor(index / words.length) % words.length]!;
    const cut = 3 + (index % 4);
    paths.push(url(calls.songSearch, { s: `${first} ${second.slice(0, cut)}` }));
  }
  return paths;
}

/** A fresh render's p99 at `PAGE_RATE` (docs/budgets.md). */
export const FRESH_RENDER_P99_MS = 50;

/**
 * Song and search pages of the main site that no other workload asks for, `count` of each and as
 * many others to warm up on, for a fresh render's figures: run at `PAGE_RATE` for
 * `count / PAGE_RATE` seconds, every request is a page the server has never rendered (and, for
 * the songs, whose song it has never read). The songs sit between those `buildWorkloads` samples;
 * the searches are the first three words of titles, where its searches are words, prefixes and
 * pairs.
 */
export function freshPageWorkloads(catalogue: CatalogueFile, count: number): Workload[] {
  // Twice as many, every other one warming the render threads at the same rate first.
  const songPages = split(
    spreadBetween(
      catalogue.playlists.flatMap((playlist) =>
        playlist.songs.map((songId) => ({ s: songId, p: playlist.id })),
      ),
      count * 2,
    ),
    2,
  );
  const threeWordSearches = new Set<string>();
  for (const song of catalogue.songs) {
    const words = song.title
      .replace(/^Nightcore - /, '')
      .toLowerCase()
      .split(/[^a-z']+/)
      .filter(Boolean);
    if (words.length >= 3) threeWordSearches.add(words.slice(0, 3).join(' '));
  }
  const searches = split(spread([...threeWordSearches], count * 2), 2);
  const fresh = (route: string, paths: string[], warmPaths: string[]): Workload => ({
    route,
    paths,
    warmPaths,
    ratePerSecond: PAGE_RATE,
    p99BudgetMs: FRESH_RENDER_P99_MS,
    // As a browser asks: the page is compressed once, in the encoding it takes.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  const searchPaths = (queries: string[]) =>
    pagePaths(
      '/search',
      queries.map((q) => ({ q })),
    );
  return [
    fresh(
      'page /song (fresh)',
      pagePaths('/song', songPages.measured),
      pagePaths('/song', songPages.warm),
    ),
    fresh('page /search (fresh)', searchPaths(searches.measured), searchPaths(searches.warm)),
  ];
}
