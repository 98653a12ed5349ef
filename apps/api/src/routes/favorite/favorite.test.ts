import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { ids } from '../../test-support/fixture-catalogue.ts';
import {
  createTestUser,
  disableTestUser,
  selfSignedToken,
  tamperedToken,
  type TestUser,
} from '../../test-support/firebase-users.ts';

describe.each(testEngines())('favourite calls on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine, {
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(() => harness.close());

  const bearer = (user: TestUser | string) => ({
    authorization: `Bearer ${typeof user === 'string' ? user : user.idToken}`,
  });
  const get = (url: string, token?: TestUser | string) =>
    harness.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, form: Record<string, string>, token?: TestUser | string) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? bearer(token) : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
  const add = (user: TestUser, s: string) => post('/api/v1/favorite/add', { s }, user);
  const remove = (user: TestUser, s: string) => post('/api/v1/favorite/remove', { s }, user);
  const favorites = async (user: TestUser) => {
    const response = await get('/api/v1/favorite/getall', user);
    expect(response.statusCode).toBe(200);
    return (response.json().data.songs as { youtube_url: string }[]).map(
      (song) => song.youtube_url,
    );
  };
  const rowCount = async (query: ReturnType<typeof sql>) => {
    const result = (await harness.database.db.execute(query)) as unknown as {
      rows: { total: number }[];
    };
    return result.rows[0]!.total;
  };

  describe('tokens', () => {
    it('accepts the token as a bearer header, a query field or a form field', async () => {
      const user = await createTestUser();
      const viaForm = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/favorite/add',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ s: ids.sky, firebase_auth_token: user.idToken }).toString(),
      });
      expect(viaForm.json()).toEqual({ code: 200, message: '', data: null });

      const viaQuery = await get(
        `/api/v1/favorite/getall?firebase_auth_token=${encodeURIComponent(user.idToken)}`,
      );
      expect(viaQuery.statusCode).toBe(200);
      expect(viaQuery.json().data.songs).toHaveLength(1);
      expect(await favorites(user)).toEqual([ids.sky]);
    });

    it('makes the user row on the first call, once', async () => {
      const user = await createTestUser();
      await Promise.all([favorites(user), favorites(user), add(user, ids.sky)]);
      expect(
        await rowCount(sql`SELECT count(*)::int AS total FROM users WHERE uid = ${user.uid}`),
      ).toBe(1);
    });

    it.each([
      ['no token', () => undefined],
      ['a token that is not a JWT', () => 'not-a-token'],
      ['an expired token', (user: TestUser) => tamperedToken(user.idToken, { exp: 1_000_000 })],
      [
        'a token of another project',
        (user: TestUser) =>
          tamperedToken(user.idToken, {
            aud: 'demo-other',
            iss: 'https://securetoken.google.com/demo-other',
          }),
      ],
      [
        'a hand-made token for a user who does not exist',
        (user: TestUser) => tamperedToken(user.idToken, { sub: 'nobody', user_id: 'nobody' }),
      ],
      [
        'a token signed with a key Firebase never issued',
        (user: TestUser) => selfSignedToken(user.idToken),
      ],
    ])('refuses %s with 401 and changes nothing', async (_case, makeToken) => {
      const user = await createTestUser();
      const token = makeToken(user);
      const headers = token ? bearer(token) : {};

      const added = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/favorite/add',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: `s=${ids.sky}`,
      });
      expect(added.statusCode).toBe(401);
      expect(added.json()).toEqual({ code: 401, message: 'Please sign in again.', data: null });
      expect((await get('/api/v1/favorite/getall', token)).statusCode).toBe(401);

      expect(
        await rowCount(sql`SELECT count(*)::int AS total FROM users WHERE uid = ${user.uid}`),
      ).toBe(0);
      expect(await favorites(user)).toEqual([]);
    });

    it('refuses the token of a disabled user', async () => {
      const user = await createTestUser();
      await disableTestUser(user);
      expect((await get('/api/v1/favorite/getall', user)).statusCode).toBe(401);
    });

    it('checks the token before the input', async () => {
      const response = await post('/api/v1/favorite/add', { s: 'bad' });
      expect(response.statusCode).toBe(401);
    });

    it('never writes a token to the log', async () => {
      const user = await createTestUser();
      await get(`/api/v1/favorite/getall?firebase_auth_token=${user.idToken}`);
      await add(user, ids.sky);
      await get('/api/v1/favorite/getall', 'forged-token-value');
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join('')).not.toContain(user.idToken);
      expect(logLines.join('')).not.toContain('forged-token-value');
    });
  });

  describe('add and remove', () => {
    it('are idempotent', async () => {
      const user = await createTestUser();
      for (const response of [await add(user, ids.sky), await add(user, ids.sky)]) {
        expect(response.json()).toEqual({ code: 200, message: '', data: null });
      }
      expect(await favorites(user)).toEqual([ids.sky]);

      for (const response of [await remove(user, ids.sky), await remove(user, ids.sky)]) {
        expect(response.json()).toEqual({ code: 200, message: '', data: null });
      }
      expect(await favorites(user)).toEqual([]);
    });

    it('never double a favourite when clicks race', async () => {
      const user = await createTestUser();
      const responses = await Promise.all(Array.from({ length: 8 }, () => add(user, ids.blueSky)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
      expect(await favorites(user)).toEqual([ids.blueSky]);
    });

    it('keep each user’s favourites apart', async () => {
      const [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
      await add(alice, ids.sky);
      await add(bob, ids.moonlight);
      await remove(bob, ids.sky);
      expect(await favorites(alice)).toEqual([ids.sky]);
      expect(await favorites(bob)).toEqual([ids.moonlight]);
    });

    it('answers a song the catalogue does not have with 404', async () => {
      const user = await createTestUser();
      const response = await add(user, 'zzzzzzzzzzz');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Song not found', data: null });
      expect(await favorites(user)).toEqual([]);
    });

    it('validate the song id', async () => {
      const user = await createTestUser();
      const response = await add(user, '<script>');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Invalid request: s: A YouTube video id has 11 letters, digits, hyphens or underscores.',
      );
    });
  });

  describe('reading favourites', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createTestUser();
      // Added one after the other: the newest favourite plays first.
      for (const id of [ids.sky, ids.moonlight, ids.neonRush]) await add(user, id);
    });

    it('lists them newest first with the song fields', async () => {
      const response = await get('/api/v1/favorite/getall', user);
      const songs = response.json().data.songs;
      expect(songs.map((song: { youtube_url: string }) => song.youtube_url)).toEqual([
        ids.neonRush,
        ids.moonlight,
        ids.sky,
      ]);
      expect(songs[1]).toMatchObject({
        title: 'Moonlight Dance',
        author_name: 'Stella',
        category_id: 'new',
        category_name: 'New Songs',
        new: 'true',
        favorite: true,
      });
    });

    it('gets a favourite with next and previous among the favourites', async () => {
      const middle = (await get(`/api/v1/favorite/get?s=${ids.moonlight}`, user)).json();
      expect(middle.code).toBe(200);
      expect(middle.data).toMatchObject({
        youtube_url: ids.moonlight,
        next: ids.sky,
        next_title: 'Sky',
        previous: ids.neonRush,
        first_song: ids.neonRush,
        favorite: true,
      });
      const last = (await get(`/api/v1/favorite/get?s=${ids.sky}`, user)).json().data;
      expect(last).toMatchObject({ next: null, next_title: null, previous: ids.moonlight });
    });

    it('answers a song outside the favourites with 404', async () => {
      const response = await get(`/api/v1/favorite/get?s=${ids.blueSky}`, user);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Song not found in your favorites');
    });

    it('gives the latest favourite and random ones', async () => {
      expect((await get('/api/v1/favorite/getlatest', user)).json()).toEqual({
        code: 200,
        message: '',
        data: { youtube_url: ids.neonRush },
      });
      for (let draw = 0; draw < 5; draw++) {
        const { data } = (await get('/api/v1/favorite/random', user)).json();
        expect([ids.sky, ids.moonlight, ids.neonRush]).toContain(data.youtube_id);
      }
    });

    it('answers latest and random with 404 when there are no favourites', async () => {
      const newcomer = await createTestUser();
      for (const call of ['getlatest', 'random']) {
        const response = await get(`/api/v1/favorite/${call}`, newcomer);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('There are no songs in your favorites.');
      }
    });

    it('plays the favourites as playlist "favorite" through song/get, for their owner', async () => {
      const response = await get(`/api/v1/song/get?s=${ids.moonlight}&p=favorite`, user);
      expect(response.json().data).toMatchObject({
        youtube_url: ids.moonlight,
        next: ids.sky,
        previous: ids.neonRush,
        favorite: true,
      });
    });

    it("plays a shared favourites link for anyone else in the song's home playlist", async () => {
      const home = await get(`/api/v1/song/get?s=${ids.moonlight}&p=new`).then(
        (response) => response.json().data,
      );
      const stranger = await createTestUser();
      for (const token of [undefined, stranger]) {
        const shared = await get(`/api/v1/song/get?s=${ids.moonlight}&p=favorite`, token);
        expect(shared.statusCode).toBe(200);
        expect(shared.json().data).toMatchObject({
          youtube_url: ids.moonlight,
          category_id: home.category_id,
          next: home.next,
          previous: home.previous,
        });
      }
      const unknown = await get(`/api/v1/song/get?s=zzzzzzzzzzz&p=favorite`, stranger);
      expect(unknown.statusCode).toBe(404);
    });

    it('flags song/get with favorite for a signed-in user only', async () => {
      const song = (url: string, token?: TestUser | string) =>
        get(url, token).then((response) => response.json().data);
      expect(await song(`/api/v1/song/get?s=${ids.sky}&p=chill`, user)).toMatchObject({
        favorite: true,
      });
      expect(await song(`/api/v1/song/get?s=${ids.blueSky}&p=chill`, user)).toMatchObject({
        favorite: false,
      });
      expect(await song(`/api/v1/song/get?s=${ids.sky}&p=chill`)).not.toHaveProperty('favorite');
      // The flag is one user's: the cached song another visitor gets has none.
      expect(
        await song(`/api/v1/song/get?s=${ids.sky}&p=chill`, 'expired-or-forged'),
      ).not.toHaveProperty('favorite');
    });
  });
});
