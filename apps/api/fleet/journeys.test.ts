/**
 * The fleet's journeys (fleet/fleet.sh builds the fleet and runs these on its client host): what
 * visitors do, through the proxy's public names, and what the fleet must show while processes and
 * the database come and go. Run with node's test runner, not vitest: it needs the fleet around it.
 */
/* oxlint-disable typescript/no-floating-promises -- node:test's describe() and it()
   return promises that its runner awaits itself */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { makeTone, multipartWithFiles } from '../src/test-support/audio.ts';
import { createTestUser, type TestUser } from '../src/test-support/firebase-users.ts';

const run = promisify(execFile);
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is set by fleet/fleet.sh: run the fleet test through it.`);
  return value;
};
const servers = { app1: env('FLEET_APP1'), app2: env('FLEET_APP2'), radio: env('FLEET_RADIO') };

const MAIN = 'www.nightcore.example';
const RADIO = 'fm.nightcore.example';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

// Fresh connections for each request: the proxy's choice of server is what is under test.
const REQUEST_TIMEOUT_MS = 20_000;
const plainAgent = new http.Agent({ keepAlive: false });
const tlsAgent = new https.Agent({ keepAlive: false });

/**
 * One request: to a public name (`https://fm.nightcore.example/...`, through the proxy) or to one
 * server by address with the public host it serves in the Host header.
 */
function request(
  url: string,
  {
    method = 'GET',
    host,
    headers = {},
    body,
    agent,
  }: {
    method?: string;
    host?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    /** Connections to reuse (the throughput journey); a fresh one each time by default. */
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method,
        agent: agent ?? (target.protocol === 'https:' ? tlsAgent : plainAgent),
        headers: { ...(host ? { host } : {}), ...headers },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const bodyBytes = Buffer.concat(chunks);
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: bodyBytes,
            text: bodyBytes.toString('utf8'),
          });
        });
      },
    );
    // Never wait forever: an answer that does not come is a failure the test reports.
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no answer from ${url} in ${REQUEST_TIMEOUT_MS / 1_000} s`)),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });
const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  body: new URLSearchParams(fields).toString(),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `check` until it passes, for what the fleet does on its own schedule. */
async function eventually(what: string, check: () => Promise<boolean>, seconds = 20) {
  const deadline = Date.now() + seconds * 1_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  assert.fail(`${what} did not happen within ${seconds} s`);
}

async function catalogueVersion(server: string): Promise<number> {
  const answer = await request(`${server}/metrics`, {
    host: MAIN,
    headers: { authorization: `Bearer ${env('FLEET_METRICS_TOKEN')}` },
  });
  const match = /^fansite_catalogue_version (\d+)$/m.exec(answer.text);
  assert.ok(match, `no catalogue version in ${server}'s metrics (${answer.status})`);
  return Number(match[1]);
}

/** An operator command (src/cli), run against the fleet's database. */
async function operator(command: string, ...args: string[]) {
  await run(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: env('FLEET_DATABASE_URL') },
  });
}

async function songIds(count: number): Promise<string[]> {
  const all = await request(`https://${MAIN}/api/v1/playlist/all`);
  const playlists = (JSON.parse(all.text) as { data: { id: string }[] }).data;
  const ids = new Set<string>();
  for (const { id } of playlists) {
    const playlist = await request(`https://${MAIN}/api/v1/playlist/get?p=${id}`);
    const songs = (JSON.parse(playlist.text) as { data: { songs: { youtube_url: string }[] } }).data
      .songs;
    for (const song of songs) ids.add(song.youtube_url);
    if (ids.size > count) break;
  }
  assert.ok(ids.size >= count, `the demo catalogue has ${ids.size} songs, ${count} needed`);
  return [...ids].slice(0, count);
}

async function favourites(user: TestUser, server = `https://${MAIN}`): Promise<Set<string>> {
  const answer = await request(`${server}/api/v1/favorite/getall`, {
    host: MAIN,
    headers: bearer(user),
  });
  assert.equal(answer.status, 200, answer.text);
  const songs = (JSON.parse(answer.text) as { data: { songs: { youtube_url: string }[] } }).data
    .songs;
  return new Set(songs.map((song) => song.youtube_url));
}

/**
 * Adds each song to the user's favourites, `parallel` requests at a time, through the proxy; the
 * answers in the order they came. `onAnswer` hears how many have come after each one.
 */
async function addFavourites(
  user: TestUser,
  songs: string[],
  parallel: number,
  onAnswer?: (answered: number) => void,
) {
  const answers: { song: string; status: number; retryAfter?: string; code?: number }[] = [];
  const queue = [...songs];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let song = queue.shift(); song; song = queue.shift()) {
        const { body, ...headers } = form({ s: song });
        const answer = await request(`https://${MAIN}/api/v1/favorite/add`, {
          method: 'POST',
          headers: { ...bearer(user), ...headers },
          body,
        }).catch(() => ({ status: 0, headers: {}, text: '' }) as unknown as Answer);
        let code: number | undefined;
        try {
          code = (JSON.parse(answer.text) as { code: number }).code;
        } catch {
          code = undefined;
        }
        answers.push({
          song,
          status: answer.status,
          retryAfter: answer.headers['retry-after'] as string | undefined,
          code,
        });
        onAnswer?.(answers.length);
      }
    }),
  );
  return answers;
}

describe('the fleet, through the proxy', () => {
  it('serves each public name from the processes of its role, over TLS, compressed', async () => {
    const main = await request(`https://${MAIN}/`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(main.status, 200);
    assert.equal(main.headers['content-type'], 'text/html; charset=utf-8');
    const radio = await request(`https://${RADIO}/`);
    assert.equal(radio.status, 200);
    const site = await request('https://alice.nightcore.example/');
    assert.equal(site.status, 200);
    assert.match(site.text, /<meta property="og:/);
    const api = await request(`https://${RADIO}/api/v1/playlist/all`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(api.status, 200);
    assert.equal(api.headers['content-encoding'], 'gzip');
    // Each request's id is the proxy's, and the server answers with it.
    assert.match(String(api.headers['x-request-id']), /^[0-9a-f]{32}$/);
    const plain = await request(`http://${MAIN}/songs`);
    assert.equal(plain.status, 308);
    assert.equal(plain.headers.location, `https://${MAIN}/songs`);
    // A process answers only its roles: the radio host's process refuses the main site and the API.
    assert.equal((await request(`${servers.radio}/`, { host: MAIN })).status, 421);
    assert.equal(
      (await request(`${servers.radio}/api/v1/playlist/all`, { host: RADIO })).status,
      421,
    );
    assert.equal((await request(`${servers.app1}/`, { host: RADIO })).status, 421);
  });

  it('opens the main site and the radio in a browser through the proxy', async () => {
    for (const [url, width] of [
      [`https://${MAIN}/`, 390],
      [`https://${RADIO}/`, 1280],
    ] as const) {
      // Chromium's headless shell, as the end-to-end tests use it: the DOM once the app has run.
      // The test certificate is the fleet's own, hence the ignored certificate errors.
      const { stdout: dom } = await run(
        'chromium-headless-shell',
        [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--ignore-certificate-errors',
          `--window-size=${width},900`,
          '--virtual-time-budget=10000',
          '--dump-dom',
          url,
        ],
        { maxBuffer: 32 * 1024 * 1024 },
      );
      assert.match(dom, /<title>[^<]+<\/title>/, url);
      assert.doesNotMatch(dom, /Page not found|does not serve this site/, url);
      // React's markers (<!--$-->) may come first; then the app's own markup.
      const root = dom.slice(dom.indexOf('<div id="root">'), dom.indexOf('<div id="root">') + 300);
      assert.match(
        root,
        /^<div id="root">\s*(?:<!--[^>]*-->\s*)*<[a-z]/,
        `${url} shows the app: ${root}`,
      );
    }
  });

  it('shows a catalogue change on every process', async () => {
    const before = await Promise.all(Object.values(servers).map(catalogueVersion));
    const pageBefore = await request(`https://${MAIN}/api/v1/playlist/all`);
    await operator('catalog', 'demo', '--brand', 'nightcore', '--songs', '120');
    await eventually('every process reading the new catalogue', async () => {
      const after = await Promise.all(Object.values(servers).map(catalogueVersion));
      return after.every((version) => version > Math.max(...before) && version === after[0]);
    });
    const pageAfter = await request(`https://${MAIN}/api/v1/playlist/all`);
    assert.notEqual(pageAfter.text, pageBefore.text);
  });

  it('advances the radio once for every listener, whichever process they reach', async () => {
    type NowPlaying = { data: { youtube_url: string; start_time: string } };
    const playing = JSON.parse(
      (await request(`https://${RADIO}/api/v1/radio/get`)).text,
    ) as NowPlaying;
    // The song has ended (an hour has passed, as far as the station knows).
    await run('psql', [
      env('FLEET_DATABASE_URL'),
      '-qc',
      "UPDATE radio_stations SET start_time = now() - interval '1 hour' WHERE id = 'nightcore'",
    ]);
    // Every listener's player says so at the same moment, through the proxy to either process.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => request(`https://${RADIO}/api/v1/radio/setnewsong`)),
    );
    const started = new Set(
      answers.map((answer) => (JSON.parse(answer.text) as NowPlaying).data.start_time),
    );
    assert.equal(started.size, 1, 'one advance');
    assert.notEqual([...started][0], playing.data.start_time);
    for (const server of [servers.app1, servers.app2]) {
      const heard = JSON.parse(
        (await request(`${server}/api/v1/radio/get`, { host: RADIO })).text,
      ) as NowPlaying;
      assert.equal(heard.data.start_time, [...started][0]);
    }
  });

  it('announces the channel of the day once, though both API processes run the calendar', async () => {
    const announcements = () =>
      fs.readFileSync(env('FLEET_ANNOUNCEMENTS'), 'utf8').split('\n').filter(Boolean);
    assert.equal(announcements().length, 0);
    const subscriber = await createTestUser();
    await operator('subscriber', 'grant', subscriber.email);
    const { body, ...headers } = form({
      youtube_channel: 'https://youtube.com/@fleetchannel',
      youtube_share: 'https://youtu.be/W_S7iKZZdHw',
    });
    const saved = await request(`https://${MAIN}/api/v1/promotion/save`, {
      method: 'POST',
      headers: { ...bearer(subscriber), ...headers },
      body,
    });
    assert.equal(saved.status, 200, saved.text);
    await eventually('the announcement', async () => announcements().length > 0);
    // Both processes tick every second (PROMOTION_TICK_MS): a few more ticks announce nothing more.
    await sleep(3_000);
    assert.equal(announcements().length, 1);
    assert.match(announcements()[0]!, /youtube\.com\/@fleetchannel/);
    const today = await request(`https://${RADIO}/api/v1/promotion/today`);
    assert.match(today.text, /@fleetchannel/);
  });

  it('answers 503 with Retry-After while PostgreSQL restarts, never 500, and every process recovers', async () => {
    const user = await createTestUser();
    const songs = await songIds(60);
    // Two writers add favourites (again and again: adding one twice keeps one) from before the
    // stop until the database is back, a pause between writes: a fixed number of writes was, on a
    // quick machine, all answered before PostgreSQL had stopped, and none met the restart.
    const answers: Awaited<ReturnType<typeof addFavourites>> = [];
    let restarted = false;
    const writes = Promise.all(
      [0, 1].map(async (writer) => {
        for (let index = writer; !restarted; index += 2) {
          answers.push(...(await addFavourites(user, [songs[index % songs.length]!], 1)));
          await sleep(10);
        }
      }),
    );
    await sleep(300);
    await run('bash', ['-c', env('FLEET_PG_STOP')]);
    await sleep(2_000);
    await run('bash', ['-c', env('FLEET_PG_START')]);
    restarted = true;
    await writes;
    const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
    assert.deepEqual(unexpected, [], 'only 200 or 503 while the database restarts');
    const refused = answers.filter((answer) => answer.status === 503);
    assert.ok(refused.length > 0, 'some writes met the restart');
    for (const answer of refused) {
      assert.equal(answer.code, 503);
      assert.match(answer.retryAfter ?? '', /^\d+$/);
    }
    // Every process reads and writes again, without a restart.
    for (const server of [servers.app1, servers.app2]) {
      await eventually(`${server} reading the database again`, async () => {
        const read = await request(`${server}/api/v1/favorite/getall`, {
          host: MAIN,
          headers: bearer(user),
        });
        return read.status === 200;
      });
    }
    await eventually('the radio host rendering a subscriber site again', async () => {
      return (await request('https://alice.nightcore.example/')).status === 200;
    });
    const kept = await favourites(user);
    for (const answer of answers.filter((answer) => answer.status === 200)) {
      assert.ok(kept.has(answer.song), `confirmed favourite ${answer.song} is kept`);
    }
  });

  it(
    'downloads a song converted through one process from the other, and reads its progress from either',
    // Before the kill below, which takes app2 away.
    async () => {
      const user = await createTestUser({ email: `maker-${Date.now()}@example.com` });
      await operator('subscriber', 'grant', user.email);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-maker-'));
      const tone = await makeTone(folder, 'wav', { seconds: 20 });
      const job = `fleet-${Date.now()}`;
      const upload = multipartWithFiles({ speed: '25', job }, [
        { field: 'file', fileName: 'tone.wav', content: fs.readFileSync(tone) },
      ]);
      const conversion = request(`${servers.app1}/api/v1/make/convert`, {
        method: 'POST',
        host: MAIN,
        headers: { ...bearer(user), ...upload.headers },
        body: upload.payload,
      });
      await eventually(
        'the progress read through the other process',
        async () => {
          const progress = await request(`${servers.app2}/api/v1/make/progress?job=${job}`, {
            host: MAIN,
            headers: bearer(user),
          });
          return progress.status === 200;
        },
        5,
      );
      const converted = await conversion;
      assert.equal(converted.status, 200, converted.text);
      const link = (JSON.parse(converted.text) as { data: string }).data;
      const download = await request(`${servers.app2}${link}`, { host: MAIN });
      assert.equal(download.status, 200);
      assert.equal(download.headers['content-type'], 'audio/mpeg');
      fs.rmSync(folder, { recursive: true, force: true });
    },
  );

  it('loses no confirmed write when a process is killed mid-request, and routes around it', async () => {
    const user = await createTestUser();
    const songs = await songIds(120);
    // The kill lands a third of the way through the writes, however quick the machine: after a
    // fixed time, on a quick one, it came with the last third in flight and left no writes after
    // it to show the proxy routing around.
    const answers = await addFavourites(user, songs, 4, (answered) => {
      if (answered === 40) process.kill(Number(env('FLEET_APP2_PID')), 'SIGKILL');
    });
    await assert.rejects(request(`${servers.app2}/api/v1/health/live`), 'app2 is gone');
    // A write in flight on the killed process may be lost (502, never confirmed); nothing else.
    const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 502);
    assert.deepEqual(unexpected, []);
    assert.ok(answers.filter((answer) => answer.status === 502).length <= 4);
    assert.ok(
      answers.slice(-40).every((answer) => answer.status === 200),
      'the proxy routes around',
    );
    const kept = await favourites(user);
    for (const answer of answers.filter((answer) => answer.status === 200)) {
      assert.ok(kept.has(answer.song), `confirmed favourite ${answer.song} is kept`);
    }
    for (let index = 0; index < 10; index++) {
      assert.equal((await request(`https://${MAIN}/`)).status, 200);
    }
  });
});

describe('requests per second, the same journey', () => {
  async function journeysPerSecond(page: (index: number) => Promise<Answer>) {
    const count = 300;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = next++; index < count; index = next++) {
          assert.equal((await page(index)).status, 200);
        }
      }),
    );
    return Math.round((count / (performance.now() - started)) * 1_000);
  }
  const calls = ['/', '/api/v1/playlist/all', '/api/v1/radio/get', '/api/v1/promotion/today'];

  // As browsers do, over connections kept open: a TLS handshake per request would measure the
  // handshake alone.
  it('through the proxy and on one process', async () => {
    const plain = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const direct = await journeysPerSecond((index) =>
      request(`${servers.app1}${calls[index % calls.length]}`, { host: MAIN, agent: plain }),
    );
    const tls = new https.Agent({ keepAlive: true, maxSockets: 8 });
    const proxied = await journeysPerSecond((index) =>
      request(`https://${MAIN}${calls[index % calls.length]}`, { agent: tls }),
    );
    plain.destroy();
    tls.destroy();
    process.stdout.write(
      `[fleet] requests per second: one process ${direct}, through the proxy ${proxied}\n`,
    );
  });
});
