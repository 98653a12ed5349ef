import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from './catalogue/import.ts';
import type { Database } from './db/client.ts';
import { createCatalogueEditor } from './repositories/catalogue-editor.ts';
import { openTestDatabase, testEngines } from './test-support/database.ts';
import { fixtureCatalogue, ids } from './test-support/fixture-catalogue.ts';
import { createTestUser, testAuthOptions } from './test-support/firebase-users.ts';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './test-support/server-process.ts';

const STARTUP_LIMIT_MS = 60_000;

/** The built server in a process of its own on the shared database, once it serves the catalogue. */
const startServer = (dataapi: string) =>
  startServerProcess({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: dataapi,
      DEMO_CATALOGUE: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: testAuthOptions().emulatorHost,
    },
    readyCall: '/playlist/all',
  });

const usesPostgres = testEngines().includes('postgres');

describe.skipIf(!usesPostgres)('two server processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    servers = await Promise.all([startServer(database.url!), startServer(database.url!)]);
  }, STARTUP_LIMIT_MS * 2);
  afterAll(async () => {
    await Promise.all(servers.map(({ child }) => stopServerProcess(child)));
    await database?.close();
  });

  const data = async (api: string, call: string, init?: RequestInit) => {
    const response = await fetch(`${api}${call}`, init);
    const body = (await response.json()) as { code: number; data: unknown };
    expect(body.code).toBe(response.status);
    return body;
  };

  it('both serve a catalogue import within 5 s', async () => {
    const renamed = {
      ...fixtureCatalogue,
      playlists: fixtureCatalogue.playlists.map((playlist) =>
        playlist.id === 'chill' ? { ...playlist, name: 'Chill Imported' } : playlist,
      ),
    };
    await importCatalogue(database, 'nightcore', renamed);
    const importedAt = Date.now();
    const seenAfter = await Promise.all(
      servers.map(async ({ api }) => {
        for (;;) {
          const { data: detail } = await data(api, '/playlist/get?p=chill');
          if (
            // Between polls a process may answer anything but the new name (a 404 carries no data).
            (detail as { playlist?: { category_name: string } } | null)?.playlist?.category_name ===
            'Chill Imported'
          ) {
            return Date.now() - importedAt;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThan(5_000);
  }, 15_000);

  it('both show a staff edit made elsewhere within 5 s, in the playlist and in search', async () => {
    const editor = createCatalogueEditor(database.db, { onChange: () => {} });
    await editor.addSong(
      { email: 'team@example.com', brand: 'nightcore' },
      {
        youtubeId: 'scaleOut001',
        playlistId: 'network',
        title: 'Parallel Lights',
        authorName: 'Two Hosts',
        durationSeconds: 190,
        description: '',
      },
    );
    const editedAt = Date.now();
    const seenAfter = await Promise.all(
      servers.map(async ({ api }) => {
        for (;;) {
          const { data: detail } = await data(api, '/playlist/get?p=network');
          const { data: found } = await data(api, '/song/search?s=parallel%20lights');
          const songs = (detail as { songs: { youtube_url: string }[] }).songs;
          if (
            songs.at(-1)?.youtube_url === 'scaleOut001' &&
            (found as { youtube_url: string }[])[0]?.youtube_url === 'scaleOut001'
          ) {
            return Date.now() - editedAt;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThan(5_000);
  }, 15_000);

  it('advance the radio once between them, and both play the new song', async () => {
    const before = await Promise.all(servers.map(({ api }) => data(api, '/radio/get')));
    type NowPlaying = { youtube_url: string; start_time: string };
    const first = before[0]!.data as NowPlaying;
    expect((before[1]!.data as NowPlaying).start_time).toBe(first.start_time);
    await database.db.execute(
      sql`UPDATE radio_stations SET start_time = now() - interval '1 hour' WHERE id = 'nightcore'`,
    );
    // Every listener's player on both processes says its song ended, at the same moment.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => data(servers[index % 2]!.api, '/radio/setnewsong')),
    );
    const distinct = new Set(answers.map(({ data: now }) => (now as NowPlaying).start_time));
    expect(distinct.size).toBe(1);
    expect([...distinct][0]).not.toBe(first.start_time);
    const history = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM radio_history WHERE station_id = 'nightcore'`,
    )) as unknown as { rows: { n: number }[] };
    expect(history.rows[0]!.n).toBe(2);
  });

  it('count a listener polling both once', async () => {
    const [a, b] = servers;
    await data(a!.api, '/radio/get?listener=listener-both-1');
    await data(b!.api, '/radio/get?listener=listener-both-1');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { data: now } = await data(a!.api, '/radio/get?listener=listener-both-2');
    expect((now as { listeners: number }).listeners).toBe(2);
  });

  it('keep favourites consistent: what one adds or removes, the other shows', async () => {
    const user = await createTestUser();
    const [a, b] = servers;
    const form = (s: string) => ({
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ s }).toString(),
    });
    const listed = async (api: string) =>
      (
        (
          await data(api, '/favorite/getall', {
            headers: { authorization: `Bearer ${user.idToken}` },
          })
        ).data as { songs: { youtube_url: string }[] }
      ).songs.map((song) => song.youtube_url);
    await data(a!.api, '/favorite/add', form(ids.sky));
    expect(await listed(b!.api)).toEqual([ids.sky]);
    await data(b!.api, '/favorite/remove', form(ids.sky));
    expect(await listed(a!.api)).toEqual([]);
  });
});
