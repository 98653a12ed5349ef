import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../catalogue/demo.ts';
import { BuildSlice } from './build-slice.ts';
import { compareText, searchWords, SongSearchIndex, type SongOrder } from './song-search-index.ts';

/** Titles and artists of a demo catalogue, with rare words among its common ones. */
function catalogue() {
  const songs = generateDemoCatalogue({ songs: 12_800 }).songs.map((song) => ({
    title: song.title,
    artist: song.author_name,
  }));
  // Rare words (each on under 1/32 of the songs): their songs are tested one by one.
  songs[17]!.title += ' Quasar';
  for (let song = 0; song < songs.length; song += 400) songs[song]!.title += ' Zephyrine';
  // "vesper" names both words of these 16 songs: each is met twice and counted once.
  for (let song = 3; song < songs.length; song += 400) songs[song]!.title += ' Vesperine';
  for (let song = 3; song < songs.length; song += 800) songs[song]!.title += ' Vesperal';
  // Too many matches to sort: marked by position instead.
  for (let song = 5; song < songs.length; song += 80) songs[song]!.title += ' Quill';
  // Two words always together: the matches exceed what their shares foretell.
  for (let song = 7; song < songs.length; song += 40) songs[song]!.title += ' Corvid Ibis';
  return songs;
}

function orderBy(keys: string[]): SongOrder {
  const order = Int32Array.from(keys.keys()).sort(
    (a, b) => compareText(keys[a]!, keys[b]!) || a - b,
  );
  const rank = new Int32Array(order.length);
  order.forEach((song, position) => (rank[song] = position));
  return { order, rank };
}

/** What the search promises, by brute force: each word a prefix of one of the song's words. */
function expected(words: string[][], query: string[], exact: number[], order: Int32Array) {
  const matches = [...order].filter((song) =>
    query.every((word) => words[song]!.some((songWord) => songWord.startsWith(word))),
  );
  const first = exact.filter((song) => matches.includes(song));
  return {
    total: matches.length,
    songs: [...first, ...matches.filter((song) => !first.includes(song))].slice(0, 100),
  };
}

describe('SongSearchIndex', () => {
  it('finds what a brute-force scan finds, in order, for rare, common and mixed words', async () => {
    const songs = catalogue();
    const texts = songs.map((song) => [song.title, song.artist]);
    const lower = songs.map((song) => song.title.toLowerCase());
    // Sixteen recent words kept: the queries below (twice over) reuse evicted words' bitmaps.
    const index = await SongSearchIndex.build(texts, lower, new BuildSlice(), 16);
    const words = texts.map((fields) => fields.flatMap(searchWords));
    const byTitle = orderBy(lower);
    const byReverseTitle = orderBy(lower.map((title) => [...title].reverse().join('')));
    // The songs' own numbering (a copy numbers its songs in title order): positions are songs.
    // First: its matches are read in place, and the other orders read the same kept word sets.
    const byNumber = orderBy(lower.map((_, song) => String(song).padStart(8, '0')));
    const queries = [
      // Common words: the walk in order (many matches) and the marked positions (few).
      ['nightcore'],
      ['n'],
      ['heart', 'golden'],
      ['nightcore', 'heart', 'of'],
      // Rare words, alone and beside common ones: their songs are tested one by one.
      ['quasar'],
      ['zephyrine'],
      ['zephyr', 'nightc'],
      ['quasar', 'nightcore'],
      ['vesper'],
      ['vesper', 'nightc'],
      ['quill'],
      ['quill', 'nightcore'],
      ['corvid', 'ibis'],
      ['ibis', 'corv', 'nightc'],
      // Nothing.
      ['zephyrine', 'quasar', 'nothingatall'],
    ];
    const prefixes = [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'l',
      'm',
      'o',
      'p',
      'r',
      's',
      't',
    ];
    for (const query of [...queries, ...prefixes.map((prefix) => [prefix]), ...queries]) {
      for (const order of [byNumber, byTitle, byReverseTitle]) {
        const text = query.join(' ');
        const exact = [...order.order].filter((song) => lower[song] === text);
        const found = index.find(query, text, order, 100);
        const wanted = expected(words, query, exact, order.order);
        expect(found, query.join(' ')).toEqual(wanted);
        // Uncounted, in number order it stops at the page: the same songs.
        expect(index.first(query, text, order, 100), query.join(' ')).toEqual(wanted.songs);
        expect(index.first(query, text, order, 7), query.join(' ')).toEqual(
          wanted.songs.slice(0, 7),
        );
      }
    }
    expect(index.find(['quasar'], 'quasar', byTitle, 100).songs).toEqual([17]);
  });

  // A common word on fewer songs than a walk in order needs: its songs' bitmap, kept for the next
  // searches, is read in place when positions are song numbers, and must come out whole.
  it('keeps the songs of a common word whole after a search in the order of their numbers', async () => {
    const titles = Array.from({ length: 1_000 }, (_, song) =>
      song % 25 === 0 ? `Alpha ${song}` : `Beta ${song}`,
    );
    const lower = titles.map((title) => title.toLowerCase());
    const index = await SongSearchIndex.build(
      titles.map((title) => [title]),
      lower,
      new BuildSlice(),
    );
    const alpha = titles.flatMap((_, song) => (song % 25 === 0 ? [song] : []));
    const byNumber = orderBy(lower.map((_, song) => String(song).padStart(4, '0')));
    const backwards = orderBy(lower.map((_, song) => String(9_999 - song)));
    for (const order of [byNumber, byNumber, backwards]) {
      const found = index.find(['alpha'], 'alpha', order, 100);
      expect(found.total).toBe(alpha.length);
      expect(found.songs).toEqual(order === backwards ? [...alpha].reverse() : alpha);
    }
  });

  it('finds the first songs in number order after songs are added and removed', async () => {
    const songs = catalogue();
    const texts = songs.map((song) => [song.title, song.artist]);
    const lower = songs.map((song) => song.title.toLowerCase());
    const built = await SongSearchIndex.build(texts, lower, new BuildSlice());
    // Added songs are numbered past the built ones; some of those the search reads are removed.
    const added = [
      { song: texts.length, fieldTexts: ['Quasar Nightcore Zephyrine', 'Nova'], wholeField: 'x' },
      { song: texts.length + 1, fieldTexts: ['Vesperine Heart', 'Nova'], wholeField: 'y' },
      { song: texts.length + 2, fieldTexts: ['Brandnewword Heart', 'Nova'], wholeField: 'z' },
    ];
    const removed = [17, 3, 403, 5, 85, 7];
    const index = built.patched(added, removed)!;
    const words = [
      ...texts.map((fields) => fields.flatMap(searchWords)),
      ...added.map(({ fieldTexts }) => fieldTexts.flatMap(searchWords)),
    ];
    for (const song of removed) words[song] = [];
    const byNumber = orderBy(words.map((_, song) => String(song).padStart(8, '0')));
    for (const query of [
      ['quasar'],
      ['zephyr', 'nightc'],
      ['vesper'],
      ['vesper', 'heart'],
      ['quill', 'nightcore'],
      ['corvid', 'ibis'],
      ['brandnew'],
      ['heart', 'nova'],
      ['nightcore', 'heart'],
    ]) {
      const wanted = expected(words, query, [], byNumber.order).songs;
      expect(index.first(query, query.join(' '), byNumber, 100), query.join(' ')).toEqual(wanted);
    }
  });

  it('puts an exact title first and finds a misspelt word when nothing else matches', async () => {
    const titles = ['Heartbeat Remix', 'Heartbeat', 'Heartbeats', 'Silent Night'];
    const lower = titles.map((title) => title.toLowerCase());
    const index = await SongSearchIndex.build(
      titles.map((title) => [title]),
      lower,
      new BuildSlice(),
    );
    const order = orderBy(lower.map((_, song) => String(3 - song)));
    expect(index.find(['heartbeat'], 'heartbeat', order, 100)).toEqual({
      total: 3,
      songs: [1, 2, 0],
    });
    expect(index.find(['haertbeat'], 'haertbeat', order, 100).songs.sort()).toEqual([0, 1]);
    expect(index.find(['silnet', 'night'], 'silnet night', order, 100).songs).toEqual([3]);
  });
});
