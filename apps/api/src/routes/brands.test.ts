import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/import.ts';
import { buildTestApp } from '../test-support/app.ts';
import { testEngines } from '../test-support/database.ts';
import { ids, slowedIds, slowedReverbFixture } from '../test-support/fixture-catalogue.ts';
import { createTestUser, type TestUser } from '../test-support/firebase-users.ts';

/** docs/product.md, brands and hosts: each brand's site reads its own catalogue and radio. */
const NIGHTCORE = 'localhost:8080';
const SLOWED = 'slowedreverb.localhost:8080';

describe.each(testEngines())('catalogues by host on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  beforeAll(async () => {
    harness = await buildTestApp(engine, { catalogueRefreshMs: 60_000 });
    await importCatalogue(harness.database, 'slowed-reverb', slowedReverbFixture);
    await harness.app.catalogue.refresh();
    user = await createTestUser();
  });
  afterAll(() => harness.close());

  const get = async (host: string, url: string, token?: TestUser) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host, ...(token ? { authorization: `Bearer ${token.idToken}` } : {}) },
    });
    return response.json() as { code: number; message: string; data: never };
  };
  const addFavorite = (host: string, s: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/favorite/add',
      headers: {
        host,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${user.idToken}`,
      },
      payload: new URLSearchParams({ s }).toString(),
    });
  const names = (cards: { category_name: string }[]) => cards.map((card) => card.category_name);

  it('lists each brand its own playlists, home grid included', async () => {
    expect(names((await get(NIGHTCORE, '/playlist/all')).data)).toEqual([
      'chill Vibes',
      'New Songs',
      'Network Picks',
      'Also Empty',
    ]);
    expect(names((await get(SLOWED, '/playlist/all')).data)).toEqual([
      'Rainy Reverb',
      'Fresh Slowed Songs',
    ]);
    expect(names((await get(`fm.${SLOWED}`, '/playlist/all?home=true')).data)).toEqual([
      'Rainy Reverb',
      'Fresh Slowed Songs',
    ]);
  });

  it('opens the same playlist id as each brand has it', async () => {
    const nightcoreNew = (await get(NIGHTCORE, '/playlist/get?p=new')).data as {
      playlist: { category_name: string };
      songs: { youtube_url: string }[];
    };
    const slowedNew = (await get(SLOWED, '/playlist/get?p=new')).data as typeof nightcoreNew;
    expect(nightcoreNew.playlist.category_name).toBe('New Songs');
    expect(nightcoreNew.songs.map((song) => song.youtube_url)).toEqual([
      ids.neonRush,
      ids.moonlight,
    ]);
    expect(slowedNew.playlist.category_name).toBe('Fresh Slowed Songs');
    expect(slowedNew.songs.map((song) => song.youtube_url)).toEqual([
      slowedIds.drift,
      slowedIds.rain,
    ]);
    expect(await get(SLOWED, '/playlist/get?p=chill')).toMatchObject({ code: 404 });
  });

  it('finds, plays and picks songs of the host brand only', async () => {
    const search = async (host: string) =>
      ((await get(host, '/song/search?s=aero')).data as { youtube_url: string }[]).map(
        (song) => song.youtube_url,
      );
    // "Aero" is an artist in both fixtures.
    expect(await search(SLOWED)).toEqual([slowedIds.drift]);
    expect((await search(NIGHTCORE)).sort()).toEqual([ids.neonRush, ids.skyHigh].sort());
    expect(await get(SLOWED, `/song/get?s=${slowedIds.rain}&p=rainy`)).toMatchObject({
      code: 200,
      data: { title: 'Rain Day (Slowed + Reverb)' },
    });
    expect(await get(SLOWED, `/song/get?s=${ids.neonRush}&p=new`)).toMatchObject({ code: 404 });
    for (let round = 0; round < 5; round++) {
      const random = (await get(SLOWED, '/song/random')).data as { youtube_url: string };
      expect(Object.values(slowedIds)).toContain(random.youtube_url);
    }
  });

  it("keeps a favourite on its brand's site: the other site neither adds nor shows it", async () => {
    expect((await addFavorite(NIGHTCORE, ids.sky)).json()).toMatchObject({ code: 200 });
    expect((await addFavorite(SLOWED, ids.sky)).json()).toMatchObject({
      code: 404,
      message: 'Song not found',
    });
    expect((await addFavorite(SLOWED, slowedIds.rain)).json()).toMatchObject({ code: 200 });

    const favourites = async (host: string) =>
      (
        (await get(host, '/favorite/getall', user)).data as { songs: { youtube_url: string }[] }
      ).songs.map((song) => song.youtube_url);
    expect(await favourites(NIGHTCORE)).toEqual([ids.sky]);
    expect(await favourites(SLOWED)).toEqual([slowedIds.rain]);
    expect(await get(SLOWED, `/favorite/get?s=${ids.sky}`, user)).toMatchObject({ code: 404 });
    expect(await get(NIGHTCORE, '/favorite/getlatest', user)).toMatchObject({
      data: { youtube_url: ids.sky },
    });
    expect(await get(SLOWED, '/favorite/random', user)).toMatchObject({
      data: { youtube_id: slowedIds.rain },
    });
  });

  it("plays each brand's own station on its fm host", async () => {
    const nightcoreSongs = new Set<string>(Object.values(ids));
    const slowed = (await get(`fm.${SLOWED}`, '/radio/get')).data as {
      youtube_url: string;
      title: string;
    };
    expect(Object.values(slowedIds)).toContain(slowed.youtube_url);
    const nightcore = (await get('fm.localhost:8080', '/radio/get')).data as {
      youtube_url: string;
    };
    expect(nightcoreSongs.has(nightcore.youtube_url)).toBe(true);
    // A newcomers station plays a playlist of the host's brand: both have one called `new`.
    const slowedNew = (await get(`fm.${SLOWED}`, '/radio/get?newcomers_id=new')).data as {
      youtube_url: string;
    };
    expect(Object.values(slowedIds)).toContain(slowedNew.youtube_url);
    expect(await get(`fm.${SLOWED}`, '/radio/get?newcomers_id=chill')).toMatchObject({
      code: 404,
    });
  });
});
