import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { ids } from '../../test-support/fixture-catalogue.ts';

describe.each(testEngines())('song calls on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });
  const search = async (query: string) => {
    const response = await get(`/api/v1/song/search?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as { youtube_url: string; title: string }[];
  };

  describe('song/get', () => {
    it('follows the playlist order for next, previous and the first song', async () => {
      const body = (await get(`/api/v1/song/get?s=${ids.skyHigh}&p=chill`)).json();
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({
        youtube_url: ids.skyHigh,
        title: 'Sky High',
        author_name: 'Aero',
        category_id: 'chill',
        category_name: 'chill Vibes',
        next: ids.sky,
        next_title: 'Sky',
        previous: ids.blueSky,
        first_song: ids.blueSky,
        duration: 180,
      });
    });

    it('has no next after the last song and no previous before the first', async () => {
      const last = (await get(`/api/v1/song/get?s=${ids.sky}&p=chill`)).json().data;
      const first = (await get(`/api/v1/song/get?s=${ids.blueSky}&p=chill`)).json().data;
      expect(last).toMatchObject({ next: null, next_title: null, previous: ids.skyHigh });
      expect(first).toMatchObject({ previous: null, first_song: ids.blueSky });
    });

    it('uses the order of the playlist asked for, keeping the song home category', async () => {
      const song = (await get(`/api/v1/song/get?s=${ids.moonlight}&p=network`)).json().data;
      expect(song).toMatchObject({
        next: ids.neonRush,
        previous: null,
        first_song: ids.moonlight,
        category_id: 'new',
      });
      expect(song.description).toBe('<b>not bold</b>');
    });

    it.each([
      ['a song outside the playlist', `s=${ids.sky}&p=new`, 404, 'Song not found in this playlist'],
      ['an unknown song', 's=zzzzzzzzzzz&p=chill', 404, 'Song not found in this playlist'],
      [
        'a malformed id',
        's=<script>&p=chill',
        400,
        'Invalid request: s: A YouTube video id has 11 letters, digits, hyphens or underscores.',
      ],
    ])('answers %s with its envelope', async (_case, query, code, message) => {
      const response = await get(`/api/v1/song/get?${query}`);
      expect(response.statusCode).toBe(code);
      expect(response.json()).toEqual({ code, message, data: null });
    });
  });

  describe('song/random', () => {
    it('picks a song of the playlist asked for', async () => {
      for (let draw = 0; draw < 10; draw++) {
        const song = (await get('/api/v1/song/random?p=new')).json().data;
        expect([ids.moonlight, ids.neonRush]).toContain(song.youtube_url);
        expect(song.category_id).toBe('new');
      }
    });

    it('picks any song without a playlist', async () => {
      const song = (await get('/api/v1/song/random')).json().data;
      expect(Object.values(ids)).toContain(song.youtube_url);
    });

    it('says so when the playlist has no songs', async () => {
      const response = await get('/api/v1/song/random?p=empty');
      expect(response.json()).toEqual({
        code: 404,
        message: 'This playlist has no songs',
        data: null,
      });
    });
  });

  describe('song/search', () => {
    it('finds whole words, partial words and small typos', async () => {
      expect((await search('s=moonlight')).map((song) => song.youtube_url)).toEqual([
        ids.moonlight,
      ]);
      expect((await search('s=moonl')).map((song) => song.youtube_url)).toEqual([ids.moonlight]);
      expect((await search('s=moonlihgt')).map((song) => song.youtube_url)).toEqual([
        ids.moonlight,
      ]);
    });

    it('puts the exact title first, then sorts A-Z by default', async () => {
      const titles = (await search('s=sky')).map((song) => song.title);
      expect(titles).toEqual(['Sky', 'Nightcore - Blue Sky', 'Sky High']);
    });

    it('sorts by date either way', async () => {
      const newest = await search('s=sky&orderBy=date_added&orderDir=DESC');
      const oldest = await search('s=sky&orderBy=date_added&orderDir=ASC');
      expect(newest.map((song) => song.youtube_url)).toEqual([ids.sky, ids.skyHigh, ids.blueSky]);
      expect(oldest.map((song) => song.youtube_url)).toEqual([ids.sky, ids.blueSky, ids.skyHigh]);
    });

    it('searches only the artist with type=artist, title and artist without', async () => {
      const songs = await search('s=Aero&type=artist');
      expect(songs.map((song) => song.youtube_url).sort()).toEqual(
        [ids.neonRush, ids.skyHigh].sort(),
      );
      expect(await search('s=Sky&type=artist')).toEqual([]);
      expect(await search('s=Stella')).toHaveLength(1);
    });

    it('treats SQL and tsquery syntax as plain text and changes nothing', async () => {
      expect(await search(`s=${encodeURIComponent("'; DROP TABLE songs; --")}`)).toEqual([]);
      expect(await search(`s=${encodeURIComponent('sky & | ! :* (')}`)).not.toHaveLength(0);
      expect((await get('/api/v1/playlist/get?p=chill')).json().data.songs).toHaveLength(3);
    });

    it.each([
      ['no text', '', 'Invalid request: s: Please enter something to search for.'],
      ['blank text', 's=%20%20', 'Invalid request: s: Please enter something to search for.'],
      [
        'over-long text',
        `s=${'a'.repeat(101)}`,
        'Invalid request: s: A search has at most 100 characters.',
      ],
      [
        'an unknown order',
        's=sky&orderBy=views',
        'Invalid request: orderBy: The order must be title or date_added.',
      ],
      [
        'an unknown type',
        's=sky&type=album',
        'Invalid request: type: The type must be artist when given.',
      ],
    ])('rejects %s', async (_case, query, message) => {
      const response = await get(`/api/v1/song/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message, data: null });
    });
  });

  describe('song/searchpage', () => {
    it('answers a page of the same order with the number of matches', async () => {
      const all = (await get('/api/v1/song/searchpage?s=sky')).json();
      expect(all.code).toBe(200);
      expect(all.data.total).toBe(3);
      expect(all.data.offset).toBe(0);
      expect(all.data.songs.map((song: { title: string }) => song.title)).toEqual([
        'Sky',
        'Nightcore - Blue Sky',
        'Sky High',
      ]);
      const rest = (await get('/api/v1/song/searchpage?s=sky&offset=1')).json().data;
      expect(rest).toMatchObject({ total: 3, offset: 1 });
      expect(rest.songs.map((song: { title: string }) => song.title)).toEqual([
        'Nightcore - Blue Sky',
        'Sky High',
      ]);
      const past = (await get('/api/v1/song/searchpage?s=sky&offset=3')).json().data;
      expect(past).toEqual({ total: 3, offset: 3, songs: [] });
    });

    it.each([
      ['a negative offset', 's=sky&offset=-1'],
      ['a fractional offset', 's=sky&offset=1.5'],
      ['a word for offset', 's=sky&offset=ten'],
    ])('rejects %s', async (_case, query) => {
      const response = await get(`/api/v1/song/searchpage?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Invalid request: offset: The offset must be a whole number from 0.',
      );
    });
  });
});
