import { radioNowPlayingSchema } from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testAuthOptions } from '../../test-support/firebase-users.ts';
import { testEngines } from '../../test-support/database.ts';
import { fixtureCatalogue, ids } from '../../test-support/fixture-catalogue.ts';
import { LISTENERS_PER_ADDRESS } from '../../radio/heartbeats.ts';

interface NowPlaying {
  youtube_url: string;
  start_time: string;
  duration: number;
  server_time: string;
  received_time: string;
  listeners: number;
  last_played: { youtube_url: string }[];
}

describe.each(testEngines())('radio on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());
  let app: Awaited<ReturnType<typeof buildApp>>;
  // Each test resets the radio tables, behind the server's back: a server process keeps its own
  // copy of the station, so each test gets a freshly started one on the reset database.
  beforeEach(async () => {
    await harness.database.db.execute(sql`TRUNCATE radio_stations, radio_history, radio_listeners`);
    // The tests' many listeners all come from one address: its radio-write limit is lifted.
    app = await buildApp({
      database: harness.database,
      auth: testAuthOptions(),
      overload: { radioWritesPerMinute: 100_000 },
    });
  });
  afterEach(() => app.close());

  const call = async (path: 'get' | 'setnewsong', query = '', remoteAddress = '127.0.0.1') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/radio/${path}${query}`,
      remoteAddress,
    });
    expect(response.json()).toMatchObject({ code: 200 });
    // The answer's JSON is written by hand from parts checked once per read of the station
    // (radio/radio.ts): byte for byte what JSON.stringify writes of the contract's shape, its keys
    // in the schema's order and none beside them.
    expect(response.body).toBe(
      JSON.stringify({
        code: 200,
        message: '',
        data: radioNowPlayingSchema.strict().parse(response.json().data),
      }),
    );
    return response.json().data as NowPlaying;
  };
  /** Moves the station's clock so that its song ended a while ago. */
  const endCurrentSong = (station = 'nightcore') =>
    harness.database.db.execute(
      sql`UPDATE radio_stations SET start_time = now() - interval '1 hour' WHERE id = ${station}`,
    );
  const historyCount = async (station = 'nightcore') =>
    (
      (await harness.database.db.execute(
        sql`SELECT count(*)::int AS n FROM radio_history WHERE station_id = ${station}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  it('starts a song of the catalogue and tells the server time', async () => {
    const song = await call('get');
    expect(Object.values(ids)).toContain(song.youtube_url);
    // Stamped as the request arrived, then as the answer was made.
    expect(Date.parse(song.received_time)).toBeLessThanOrEqual(Date.parse(song.server_time));
    const elapsed = Date.parse(song.server_time) - Date.parse(song.start_time);
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(5_000);
    expect(song.duration).toBe(
      fixtureCatalogue.songs.find((entry) => entry.youtube_id === song.youtube_url)!.duration,
    );
  });

  it('gives every listener the same song and start while it plays', async () => {
    const first = await call('get');
    const again = await call('get');
    const early = await call('setnewsong');
    expect(again).toMatchObject({ youtube_url: first.youtube_url, start_time: first.start_time });
    expect(early).toMatchObject({ youtube_url: first.youtube_url, start_time: first.start_time });
    expect(await historyCount()).toBe(1);
  });

  it('advances exactly once when 200 listeners ask at the same instant', async () => {
    const first = await call('get');
    await endCurrentSong();
    const answers = await Promise.all(Array.from({ length: 200 }, () => call('setnewsong')));
    const distinct = new Set(answers.map((answer) => `${answer.youtube_url}@${answer.start_time}`));
    expect(distinct.size).toBe(1);
    expect(answers[0]!.start_time).not.toBe(first.start_time);
    expect(await historyCount()).toBe(2);
    expect(answers[0]!.last_played.map((song) => song.youtube_url)).toEqual([first.youtube_url]);
  });

  it('plays every song of a small pool before repeating one, skipping none', async () => {
    const played = [(await call('get')).youtube_url];
    for (let turn = 1; turn < fixtureCatalogue.songs.length; turn++) {
      await endCurrentSong();
      played.push((await call('setnewsong')).youtube_url);
    }
    expect(new Set(played).size).toBe(fixtureCatalogue.songs.length);
    expect(await historyCount()).toBe(fixtureCatalogue.songs.length);
  });

  it('runs a newcomers station on its own playlist, beside the main one', async () => {
    const main = await call('get');
    const newcomers = await call('get', '?newcomers_id=network');
    expect([ids.moonlight, ids.neonRush]).toContain(newcomers.youtube_url);
    await endCurrentSong('nightcore:network');
    const next = await call('setnewsong', '?newcomers_id=network');
    expect([ids.moonlight, ids.neonRush]).toContain(next.youtube_url);
    expect((await call('get')).start_time).toBe(main.start_time);
  });

  it('counts each listener once while they keep polling', async () => {
    await call('get', '?listener=listener-aaaa-1');
    await call('get', '?listener=listener-aaaa-1');
    const answer = await call('get', '?listener=listener-bbbb-2');
    expect(answer.listeners).toBe(2);
  });

  // On the embedded database the listeners are kept in the process's memory, with no row to age:
  // the window there is held by listener-stores.test.ts.
  it.skipIf(engine === 'pglite')(
    'stops counting a listener whose polls stopped more than 15 s ago',
    async () => {
      await call('get', '?listener=listener-cccc-1');
      await app.radio.flush();
      await harness.database.db.execute(
        sql`UPDATE radio_listeners SET last_seen = now() - interval '20 seconds'`,
      );
      // The count is recounted from the heartbeats at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const answer = await call('get', '?listener=listener-dddd-2');
      expect(answer.listeners).toBe(1);
    },
  );

  it('answers polls from memory while the song plays, and sees an advance made elsewhere', async () => {
    const first = await call('get', '?listener=listener-eeee-1');
    // Another process moves the station on: this one notices within its recheck interval.
    await endCurrentSong();
    const early = await call('get', '?listener=listener-eeee-1');
    expect(early.youtube_url).toBe(first.youtube_url);
    const other = await buildApp({ database: harness.database, auth: testAuthOptions() });
    try {
      const moved = (await other.inject({ method: 'GET', url: '/api/v1/radio/setnewsong' })).json()
        .data as NowPlaying;
      expect(moved.start_time).not.toBe(first.start_time);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await call('get')).start_time).toBe(moved.start_time);
    } finally {
      await other.close();
    }
  });

  it('counts a new listener at once and writes every heartbeat with the next batch', async () => {
    // What the store holds (the table, or the embedded database's process's memory), read as the
    // metrics read it.
    const seen = async () =>
      (await app.radio.listenersHeard()).reduce((total, { listeners }) => total + listeners, 0);
    // More listeners than one statement of a batch writes: the batch takes several. Each on an
    // address of their own, as only a few ids of one address count.
    const addressOf = (index: number) => `10.0.0.${index + 1}`;
    for (let index = 0; index < 120; index++) {
      const answer = await call('get', `?listener=listener-batch-${index}`, addressOf(index));
      expect(answer.listeners).toBe(index + 1);
    }
    await app.radio.flush();
    expect(await seen()).toBe(120);
    // Recounted from the table once the cached count is a second old: the same 120.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await call('get', '?listener=listener-batch-0', addressOf(0))).listeners).toBe(120);
  });

  describe('with the default per-address limits', () => {
    let limited: Awaited<ReturnType<typeof buildApp>>;
    beforeEach(async () => {
      await harness.database.db.execute(
        sql`TRUNCATE radio_stations, radio_history, radio_listeners`,
      );
      limited = await buildApp({ database: harness.database, auth: testAuthOptions() });
    });
    afterEach(() => limited.close());
    /** A listener of the school's one address. */
    const schoolCall = (path: 'get' | 'setnewsong', query = '') =>
      limited.inject({
        method: 'GET',
        url: `/api/v1/radio/${path}${query}`,
        remoteAddress: '203.0.113.7',
      });

    it('never refuses the end-of-song calls of 60 listeners behind one address', async () => {
      const first = (await schoolCall('get')).json().data as NowPlaying;
      await endCurrentSong();
      const ending = `?ended=${first.youtube_url}`;
      // Every player of the school reports the end of the song within a few seconds: those
      // before the station moved on and those after, who name the song it has just replaced.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          schoolCall('setnewsong', `${ending}&listener=school-listener-${index}`),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const late = await Promise.all(
        Array.from({ length: 40 }, () => schoolCall('setnewsong', ending)),
      );
      expect(late.map((answer) => answer.statusCode)).toEqual(late.map(() => 200));
      const songs = new Set(
        [...answers, ...late].map((answer) => {
          const data = answer.json().data as NowPlaying;
          return `${data.youtube_url}@${data.start_time}`;
        }),
      );
      expect(songs.size).toBe(1);
      expect([...songs][0]).not.toContain(first.start_time);
      expect(await historyCount()).toBe(2);
    });

    it('counts only calls made while the song plays on against the limit', async () => {
      const playing = (await schoolCall('get')).json().data as NowPlaying;
      const early = await Promise.all(
        Array.from({ length: 31 }, () => schoolCall('setnewsong', `?ended=${playing.youtube_url}`)),
      );
      const codes = early.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(30);
      const refused = early.find((answer) => answer.statusCode === 429)!;
      expect(refused.json().message).toMatch(/^Too many requests for a new song/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Early calls change nothing; the end of the song is still answered.
      expect(await historyCount()).toBe(1);
      await endCurrentSong();
      const ended = await schoolCall('setnewsong', `?ended=${playing.youtube_url}`);
      expect(ended.statusCode).toBe(200);
      expect(await historyCount()).toBe(2);
    });

    it('counts at most 4 listener ids of one address', async () => {
      let answer: NowPlaying | undefined;
      for (let index = 0; index < 60; index++) {
        answer = (await schoolCall('get', `?listener=made-up-listener-${index}`)).json().data;
      }
      expect(answer!.listeners).toBe(LISTENERS_PER_ADDRESS);
      // Two listeners each on three other addresses count in full.
      for (const address of ['198.51.100.1', '198.51.100.2', '2001:db8:1:2::5']) {
        for (const id of ['home-listener-a', 'home-listener-b']) {
          await limited.inject({
            method: 'GET',
            url: `/api/v1/radio/get?listener=${id}-${address.replaceAll(/[.:]/g, '-')}`,
            remoteAddress: address,
          });
        }
      }
      // Recounted from the table, as every process counts: the cap holds there too.
      await limited.radio.flush();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const recounted = (await schoolCall('get', '?listener=made-up-listener-0')).json()
        .data as NowPlaying;
      expect(recounted.listeners).toBe(LISTENERS_PER_ADDRESS + 6);
    });
  });

  it.each([
    ['an unknown station', '?newcomers_id=nope', 404, 'This station does not exist'],
    ['a station with no songs', '?newcomers_id=empty', 404, 'This station has no songs'],
    [
      'a malformed station id',
      '?newcomers_id=%3Cb%3E',
      400,
      'Invalid request: newcomers_id: A playlist id has only lower-case letters, digits and hyphens.',
    ],
    [
      'a malformed listener id',
      '?listener=x',
      400,
      'Invalid request: listener: A listener id has 8 to 64 letters, digits or hyphens.',
    ],
  ])('answers %s with its envelope', async (_case, query, code, message) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/radio/get${query}` });
    expect(response.statusCode).toBe(code);
    expect(response.json()).toEqual({ code, message, data: null });
  });

  it('writes neither station nor listener for a poll it refuses', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/radio/get?newcomers_id=empty&listener=listener-refused',
    });
    expect(response.statusCode).toBe(404);
    await app.radio.flush();
    const [written] = (
      (await harness.database.db.execute(
        sql`SELECT count(*)::int AS stations FROM radio_stations`,
      )) as unknown as { rows: { stations: number }[] }
    ).rows;
    expect(written).toEqual({ stations: 0 });
    // The listeners as the store holds them (the table, or the embedded database's memory).
    expect(await app.radio.listenersHeard()).toEqual([]);
  });
});
