import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { ids } from '../../test-support/fixture-catalogue.ts';

describe.each(testEngines())('playlist calls on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('lists playlists by popularity by default, with card fields', async () => {
    const response = await get('/api/v1/playlist/all');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.data.map((card: { id: string }) => card.id)).toEqual([
      'chill',
      'new',
      'network',
      'empty',
    ]);
    expect(body.data[0]).toEqual({
      id: 'chill',
      category_name: 'chill Vibes',
      description: 'Slow down',
      youtube_url: ids.blueSky,
      description_url: 'https://example.com/chill',
      special: true,
      image_url: 'https://example.com/chill.jpg',
    });
    expect(body.data[3]).toMatchObject({ id: 'empty', youtube_url: null, image_url: null });
  });

  it('sorts by name either way, ignoring case', async () => {
    const ascending = (await get('/api/v1/playlist/all?order=ASC')).json().data;
    const descending = (await get('/api/v1/playlist/all?order=DESC')).json().data;
    expect(ascending.map((card: { category_name: string }) => card.category_name)).toEqual([
      'Also Empty',
      'chill Vibes',
      'Network Picks',
      'New Songs',
    ]);
    expect(descending.map((card: { id: string }) => card.id)).toEqual([
      'new',
      'network',
      'chill',
      'empty',
    ]);
  });

  it('keeps only home playlists with home=true', async () => {
    const cards = (await get('/api/v1/playlist/all?home=true')).json().data;
    expect(cards.map((card: { id: string }) => card.id)).toEqual(['chill', 'new']);
  });

  it('rejects an unknown order with a clear message', async () => {
    const response = await get('/api/v1/playlist/all?order=sideways');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Invalid request: order: The order is ASC or DESC.',
      data: null,
    });
  });

  it('gets a playlist with its songs in play order', async () => {
    const body = (await get('/api/v1/playlist/get?p=chill')).json();
    expect(body.data.playlist).toEqual({
      id: 'chill',
      category_name: 'chill Vibes',
      description: 'Slow down',
    });
    expect(body.data.songs.map((song: { youtube_url: string }) => song.youtube_url)).toEqual([
      ids.blueSky,
      ids.skyHigh,
      ids.sky,
    ]);
    expect(body.data.songs[0]).toEqual({
      youtube_url: ids.blueSky,
      title: 'Nightcore - Blue Sky',
      author_name: 'Luna Park',
      category_id: 'chill',
      category_name: 'chill Vibes',
      date_added: '2024-01-10T10:00:00Z',
      new: 'false',
      duration: 200,
    });
  });

  it("gives a song's window of its playlist: the song, then the songs after it, from the start again past the end", async () => {
    const response = await get(`/api/v1/playlist/upnext?p=chill&s=${ids.skyHigh}`);
    expect(response.statusCode).toBe(200);
    const { songs } = response.json().data as { songs: { youtube_url: string }[] };
    expect(songs.map((song) => song.youtube_url)).toEqual([ids.skyHigh, ids.sky, ids.blueSky]);
    expect(songs[0]).toMatchObject({ title: 'Sky High', author_name: 'Aero', duration: 180 });
  });

  it.each([
    ['a playlist that does not exist', `p=nothing&s=${ids.sky}`, 'Playlist not found'],
    [
      'a song not in the playlist',
      `p=chill&s=${ids.moonlight}`,
      'This song is not in this playlist',
    ],
  ])('answers a window of %s with 404 and a message', async (_case, query, message) => {
    const response = await get(`/api/v1/playlist/upnext?${query}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message, data: null });
  });

  it('gets an empty playlist with no songs', async () => {
    const body = (await get('/api/v1/playlist/get?p=empty')).json();
    expect(body.data.songs).toEqual([]);
  });

  it.each([
    ['an unknown playlist', '/api/v1/playlist/get?p=nope', 404, 'Playlist not found'],
    ['a missing id', '/api/v1/playlist/get', 400, 'Invalid request: p: A playlist id is required.'],
    [
      'an SQL-looking id',
      "/api/v1/playlist/get?p=x'%20OR%201=1--",
      400,
      'Invalid request: p: A playlist id has only lower-case letters, digits and hyphens.',
    ],
    [
      'an over-long id',
      `/api/v1/playlist/get?p=${'a'.repeat(65)}`,
      400,
      'Invalid request: p: A playlist id has at most 64 characters.',
    ],
  ])('answers %s with its envelope', async (_case, url, code, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(code);
    expect(response.json()).toEqual({ code, message, data: null });
  });

  it('explores songs that exist, with their playlist', async () => {
    const items = (await get('/api/v1/playlist/explore')).json().data;
    expect(items).toHaveLength(5);
    for (const item of items) {
      expect(Object.values(ids)).toContain(item.youtube_url);
      expect(typeof item.title).toBe('string');
    }
  });
});
