import {
  envelopeSchema,
  exploreItemSchema,
  playlistCardSchema,
  playlistDetailSchema,
  randomSongSchema,
  songSchema,
  songSummarySchema,
} from '@fansite/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateDemoCatalogue } from '../catalogue/demo.ts';
import { memoizingSerializerCompiler } from '../plugins/app/serializer.ts';
import { fixtureCatalogue, ids } from '../test-support/fixture-catalogue.ts';
import { snapshotOf } from '../test-support/snapshot.ts';
import { searchWords } from './song-search-index.ts';

/** A song of the `chill` playlist, added on 2024-02-01, 100 s long, without a description. */
function chillSong(youtubeId: string, title: string, authorName: string) {
  return {
    youtube_id: youtubeId,
    title,
    author_name: authorName,
    description: '',
    date_added: '2024-02-01T10:00:00Z',
    new: false,
    duration: 100,
    category_id: 'chill',
  };
}

describe('CatalogueSnapshot', () => {
  it('explores songs from across the catalogue, not titles that begin alike', async () => {
    const songs = Array.from({ length: 240 }, (_, index) =>
      chillSong(`id${index}`, `Song ${String(index).padStart(3, '0')}`, 'Artist'),
    );
    const snapshot = await snapshotOf({
      playlists: [{ ...fixtureCatalogue.playlists[0]!, id: 'chill', songs: [] }],
      songs,
    });
    for (let round = 0; round < 20; round++) {
      const numbers = snapshot
        .explore()
        .map((item) => Number(item.title.slice('Song '.length)))
        .sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(12);
      // Twelve of 240 evenly apart: 20 titles between one and the next, the last wrapping round.
      for (let at = 1; at < numbers.length; at++) {
        expect(numbers[at]! - numbers[at - 1]!).toBe(20);
      }
    }
  });

  // Its answers are sent without a second check: they must be exactly what the schemas make.
  it('builds answers in exactly the shape of the contract', async () => {
    const snapshot = await snapshotOf(fixtureCatalogue);
    const same = (schema: { parse(value: unknown): unknown }, value: unknown) =>
      expect(JSON.stringify(schema.parse(value))).toBe(JSON.stringify(value));
    for (const card of snapshot.listPlaylists({})) same(playlistCardSchema, card);
    same(playlistDetailSchema, snapshot.getPlaylist('chill'));
    same(songSchema, snapshot.getSongInPlaylist('skyHigh0002', 'chill'));
    for (const item of snapshot.explore()) same(exploreItemSchema, item);
    same(randomSongSchema, snapshot.randomSong('chill'));
    for (const song of snapshot.search({ s: 'sky' })) same(songSummarySchema, song);
  });

  // Answers listing songs write each song's JSON from the summaries' UTF-8 columns: a song with
  // characters of two, three and four bytes sits between the others, and one whose texts JSON
  // escapes (quotes, a backslash, control characters), built and after a staff edit.
  it('sends the JSON the schemas make', async () => {
    const accented = {
      ...chillSong('accentCafe1', 'Café ☕ 夜 Sky', 'Zoë'),
      description: '«ü» 🎵\n"quoted"',
    };
    const escaped = {
      ...chillSong('escapedSky1', 'Say "Sky" \\ tab\there\u0001\u001f\u007f\r\n', 'The "Q\\" \b\f'),
      duration: 0,
    };
    const playlists = fixtureCatalogue.playlists.map((playlist) =>
      playlist.id === 'chill'
        ? { ...playlist, songs: [accented.youtube_id, escaped.youtube_id, ...playlist.songs] }
        : playlist,
    );
    const built = await snapshotOf({
      ...fixtureCatalogue,
      playlists,
      songs: [...fixtureCatalogue.songs, accented, escaped],
    });
    const { youtube_url, title, author_name, category_id, date_added } = built.getSongInPlaylist(
      'skyHigh0002',
      'chill',
    )!;
    // A staff edit of its home playlist's name: the song keeps its number, with a patched summary.
    const snapshot = (await built.patched(built.version + 1, {
      playlistRows: playlists,
      songRows: [
        {
          youtube_url,
          title,
          author_name,
          category_id,
          category_name: 'Chïll "Night" \\ \u0002',
          date_added,
          duration: 1234567,
          new: 'true',
          description: '',
        },
      ],
      songIds: ['skyHigh0002'],
      playlistSongs: new Map(),
      playlistIds: [],
    }))!;
    const sent = (schema: z.ZodType, data: object) =>
      memoizingSerializerCompiler({
        schema: envelopeSchema(schema),
        method: 'GET',
        url: '/test',
        httpStatus: '200',
      })({ code: 200, message: '', data });
    const same = (schema: z.ZodType, data: object | null) => {
      expect(data).not.toBeNull();
      expect(String(sent(schema, data!))).toBe(
        JSON.stringify({ code: 200, message: '', data: schema.parse(data) }),
      );
    };
    same(playlistDetailSchema, snapshot.getPlaylist('chill'));
    same(songSchema, snapshot.getSongInPlaylist('skyHigh0002', 'chill'));
    same(songSchema, snapshot.getSongInPlaylist('accentCafe1', 'chill'));
    same(songSchema, snapshot.getSongInPlaylist('escapedSky1', 'chill'));
    expect(snapshot.getSongInPlaylist('skyHigh0002', 'chill')?.category_name).toBe(
      'Chïll "Night" \\ \u0002',
    );
    same(z.array(songSummarySchema), built.search({ s: 'sky' }));
    // Descriptions are kept as UTF-8 bytes too, and read back as they were written.
    expect(snapshot.getSongInPlaylist('accentCafe1', 'chill')?.description).toBe(
      accented.description,
    );
    expect(snapshot.description('accentCafe1')).toBe(accented.description);
    const found = snapshot.search({ s: 'sky' });
    expect(found.map((song) => song.youtube_url)).toContain('accentCafe1');
    expect(found.length).toBeGreaterThan(2);
    same(z.array(songSummarySchema), found);
  });

  // A million songs' playlists are many times what the answer cache holds: once it is full, most
  // answers are written at each send instead of kept, and must be the same bytes.
  it('sends a playlist the full answer cache did not keep as it sends a kept one', async () => {
    // Songs of 4 KB titles, each playlist listing all of them: 4 MB an answer, 8 fill the cache.
    const songs = Array.from({ length: 1_000 }, (_, index) =>
      chillSong(`big${String(index).padStart(5, '0')}`, `Big ${'ü'.repeat(2_000)} ${index}`, 'Zoë'),
    );
    const playlists = Array.from({ length: 12 }, (_, index) => ({
      ...fixtureCatalogue.playlists[0]!,
      id: index ? `chill${index}` : 'chill',
      songs: songs.map((song) => song.youtube_id),
    }));
    const snapshot = await snapshotOf({ playlists, songs });
    const sent = (data: object) =>
      String(
        memoizingSerializerCompiler({
          schema: envelopeSchema(playlistDetailSchema),
          method: 'GET',
          url: '/test',
          httpStatus: '200',
        })({ code: 200, message: '', data }),
      );
    const answers = playlists.map((playlist) => snapshot.getPlaylist(playlist.id)!);
    // Past the eighth, the cache was full: the next answers were not kept, but written.
    expect(snapshot.getPlaylist('chill11')).not.toBe(answers[11]);
    for (const answer of answers) {
      expect(answer.songs).toHaveLength(1_000);
      expect(sent(answer)).toBe(
        JSON.stringify({ code: 200, message: '', data: playlistDetailSchema.parse(answer) }),
      );
    }
  });

  // An answer for one request is written in a reused region of 64 KB; a larger one has its own.
  it('sends answers larger than the reused region whole, and smaller ones after them', async () => {
    const long = Array.from({ length: 120 }, (_, index) =>
      chillSong(
        `longTitle${String(index).padStart(2, '0')}`,
        `Longest ${'é'.repeat(400)} ${index}`,
        'Zoë',
      ),
    );
    const snapshot = await snapshotOf({
      ...fixtureCatalogue,
      songs: [...fixtureCatalogue.songs, ...long],
    });
    const sent = (data: object) =>
      String(
        memoizingSerializerCompiler({
          schema: envelopeSchema(z.array(songSummarySchema)),
          method: 'GET',
          url: '/test',
          httpStatus: '200',
        })({ code: 200, message: '', data }),
      );
    const large = snapshot.search({ s: 'longest' });
    expect(large).toHaveLength(100);
    expect(Buffer.byteLength(sent(large))).toBeGreaterThan(64 * 1024);
    const small = snapshot.search({ s: 'sky' });
    for (const found of [large, small, snapshot.search({ s: 'longest 7' })]) {
      expect(sent(found)).toBe(JSON.stringify({ code: 200, message: '', data: found }));
    }
  });

  it('keeps every order of a catalogue larger than one sorted run', async () => {
    const file = generateDemoCatalogue({ songs: 5_000 });
    const snapshot = await snapshotOf(file);
    const songs = file.songs.filter((song) =>
      searchWords(`${song.title} ${song.author_name}`).some((word) => word.startsWith('nightc')),
    );
    expect(songs.length).toBeGreaterThan(2_000);
    const byId = (a: { youtube_id: string }, b: { youtube_id: string }) =>
      a.youtube_id < b.youtube_id ? -1 : a.youtube_id > b.youtube_id ? 1 : 0;
    const key = (title: string) => title.toLowerCase();
    const byTitle = [...songs].sort((a, b) =>
      key(a.title) < key(b.title) ? -1 : key(a.title) > key(b.title) ? 1 : byId(a, b),
    );
    const byDate = [...songs].sort((a, b) =>
      a.date_added < b.date_added ? -1 : a.date_added > b.date_added ? 1 : byId(a, b),
    );
    // Most demo titles have "Nightcore": the search walks the whole order.
    const ids = (query: Parameters<typeof snapshot.search>[0]) =>
      snapshot.search(query).map((song) => song.youtube_url);
    const first = (songs: { youtube_id: string }[]) =>
      songs.slice(0, 100).map((song) => song.youtube_id);
    expect(ids({ s: 'nightc' })).toEqual(first(byTitle));
    expect(ids({ s: 'nightc', orderBy: 'date_added' })).toEqual(first(byDate));
    const newestFirst = [...byDate].sort((a, b) =>
      a.date_added < b.date_added ? 1 : a.date_added > b.date_added ? -1 : byId(a, b),
    );
    expect(ids({ s: 'nightc', orderBy: 'date_added', orderDir: 'DESC' })).toEqual(
      first(newestFirst),
    );
    // Z to A keeps equal titles in video id order, as the database's ORDER BY did.
    const zToA = [...songs].sort((a, b) =>
      key(a.title) < key(b.title) ? 1 : key(a.title) > key(b.title) ? -1 : byId(a, b),
    );
    const firstTitles = zToA.slice(0, 100).map((song) => key(song.title));
    // Equal titles among them, or their order would not be seen.
    expect(new Set(firstTitles).size).toBeLessThan(firstTitles.length);
    expect(ids({ s: 'nightc', orderDir: 'DESC' })).toEqual(first(zToA));
  }, 60_000);

  const databaseDate = (day: number, second: number) => `2024-05-0${day}T10:00:0${second}Z`;
  // Of two lengths: sorted as texts, not as the numbers their digits spell.
  const otherDate = (day: number, second: number) =>
    second % 2 ? `2024-05-0${day}` : `2024-05-0${day}T10:00:0${second}.5Z`;
  it.each([
    ['as the database writes them, rows in id order', databaseDate, true],
    ['as the database writes them, rows in any order', databaseDate, false],
    ['in shapes of their own, rows in id order', otherDate, true],
    ['in shapes of their own, rows in any order', otherDate, false],
  ])('orders songs added at the same moment by video id, dates %s', async (_, dateOf, byId) => {
    const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const demo = generateDemoCatalogue({ songs: 3_000 });
    const songs = demo.songs.map((song, index) => ({
      ...song,
      date_added: dateOf(1 + (index % 3), index % 5),
    }));
    if (byId) songs.sort((a, b) => compare(a.youtube_id, b.youtube_id));
    const file = { ...demo, songs };
    const snapshot = await snapshotOf(file);
    const byDate = [...songs].sort(
      (a, b) => compare(a.date_added, b.date_added) || compare(a.youtube_id, b.youtube_id),
    );
    const newestFirst = [...songs].sort(
      (a, b) => compare(b.date_added, a.date_added) || compare(a.youtube_id, b.youtube_id),
    );
    const page = (orderDir: 'ASC' | 'DESC', offset: number) =>
      snapshot
        .searchPage({ s: 'nightcore', orderBy: 'date_added', orderDir }, offset, 100)
        .songs.map((song) => song.youtube_url);
    const matching = (ordered: typeof songs) =>
      ordered
        .filter((song) =>
          searchWords(`${song.title} ${song.author_name}`).some((word) =>
            word.startsWith('nightcore'),
          ),
        )
        .map((song) => song.youtube_id);
    for (const offset of [0, 1_000]) {
      expect(page('ASC', offset)).toEqual(matching(byDate).slice(offset, offset + 100));
      expect(page('DESC', offset)).toEqual(matching(newestFirst).slice(offset, offset + 100));
    }
  });

  it('finds each song of a playlist longer than one sorted run in its place', async () => {
    // Songs numbered in title order, listed in another order, one of them twice.
    const songs = Array.from({ length: 40_000 }, (_, index) =>
      chillSong(
        `id${String(index).padStart(7, '0')}`,
        `Song ${(index * 7_919) % 40_000}`,
        'Artist',
      ),
    );
    const playOrder = songs.map((song) => song.youtube_id).reverse();
    playOrder.splice(20_000, 0, songs[5]!.youtube_id);
    const snapshot = await snapshotOf({
      playlists: [{ ...fixtureCatalogue.playlists[0]!, id: 'chill', songs: playOrder }],
      songs,
    });
    for (const position of [0, 1, 16_383, 16_384, 16_385, 19_999, 20_001, 33_000, 40_000]) {
      const song = snapshot.getSongInPlaylist(playOrder[position]!, 'chill')!;
      expect(song.previous).toBe(playOrder[position - 1] ?? null);
      expect(song.next).toBe(playOrder[position + 1] ?? null);
    }
    // A song listed twice is found at its first place.
    expect(snapshot.getSongInPlaylist(songs[5]!.youtube_id, 'chill')!.next).toBe(playOrder[20_001]);
  }, 60_000);

  it('searches 100,000 songs: at most 100 results, exact title first, typos found', async () => {
    const snapshot = await snapshotOf(generateDemoCatalogue({ songs: 100_000 }));
    const texts = ['nightcore', 'a', 'heartbeat', 'hear', 'haertbeat', 'golden heart', 'zzzz'];
    // Query time is measured by the bench (bench/src/search-libraries.ts, pnpm bench), not here.
    for (const s of texts) {
      for (const orderBy of ['title', 'date_added'] as const) {
        expect(snapshot.search({ s, orderBy, orderDir: 'DESC' }).length).toBeLessThanOrEqual(100);
      }
    }
    const titles = snapshot.search({ s: 'heartbeat' }).map((song) => song.title);
    expect(titles[0]).toBe('Heartbeat');
    expect(snapshot.search({ s: 'haertbeat' }).length).toBeGreaterThan(0);
  }, 60_000);

  it('pages through every match of a search and counts them, the pages joining up', async () => {
    const snapshot = await snapshotOf(generateDemoCatalogue({ songs: 2_000 }));
    for (const s of ['nightcore', 'heart', 'golden heart', 'haertbeat']) {
      for (const orderBy of ['title', 'date_added'] as const) {
        const query = { s, orderBy, orderDir: 'ASC' as const };
        const first = snapshot.searchPage(query, 0, 100);
        // The first page is song/search's answer, and the count covers songs past it.
        expect(first.songs.map((song) => song.youtube_url)).toEqual(
          snapshot.search(query).map((song) => song.youtube_url),
        );
        const pages = [];
        for (let offset = 0; offset < first.total; offset += 37) {
          const page = snapshot.searchPage(query, offset, 37);
          expect(page.total).toBe(first.total);
          pages.push(...page.songs.map((song) => song.youtube_url));
        }
        expect(pages).toHaveLength(first.total);
        expect(new Set(pages).size).toBe(first.total);
        expect(snapshot.searchPage(query, first.total, 37).songs).toEqual([]);
      }
    }
    expect(snapshot.searchPage({ s: 'nightcore' }, 0, 10).total).toBeGreaterThan(100);
    expect(snapshot.searchPage({ s: 'zzzzzz' }, 0, 10)).toEqual({ total: 0, songs: [] });
  });

  it("picks a station's songs from its pool, not the ones it played lately while others remain", async () => {
    const snapshot = await snapshotOf(fixtureCatalogue);
    const picks = (playlistId: string | null, avoid: string[]) =>
      Array.from({ length: 50 }, () => snapshot.stationSong(playlistId, new Set(avoid)));
    const all = Object.values(ids);
    // The whole catalogue but the moonlight song played lately: moonlight, and its length.
    const others = all.filter((id) => id !== ids.moonlight);
    expect(picks(null, others)).toEqual(
      Array(50).fill({ youtube_id: ids.moonlight, duration_seconds: 240 }),
    );
    // A newcomers station plays its playlist's songs alone.
    const chill = picks('chill', []).map((song) => song!.youtube_id);
    expect(new Set(chill).size).toBeGreaterThan(1);
    for (const id of chill) expect([ids.blueSky, ids.skyHigh, ids.sky]).toContain(id);
    // Every song of the pool played lately: any of them rather than silence.
    const replayed = picks('chill', all).map((song) => song!.youtube_id);
    for (const id of replayed) expect([ids.blueSky, ids.skyHigh, ids.sky]).toContain(id);
    // No songs, or no such playlist: nothing to play.
    expect(snapshot.stationSong('empty', new Set())).toBeNull();
    expect(snapshot.stationSong('nowhere', new Set())).toBeNull();
  });
});
