import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/app.ts';
import { openTestDatabase } from '../test-support/database.ts';
import { ids } from '../test-support/fixture-catalogue.ts';
import { createTestUser, type TestUser } from '../test-support/firebase-users.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('which failures mean the database is out of reach', () => {
  const withCode = (code: string, fields: Record<string, unknown> = {}) =>
    Object.assign(new Error('any wording'), { code, ...fields });

  it('knows connection failures by their codes and classes', () => {
    expect(isDatabaseUnavailable(withCode('57P01', { severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', { severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006', { severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED', { syscall: 'connect' }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: withCode('57P01', { severity: 'FATAL' }) }),
      ),
    ).toBe(true);
  });

  it('leaves every other failure a fault of ours', () => {
    expect(isDatabaseUnavailable(withCode('23505', { severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(withCode('57014', { severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(false);
  });
});

/**
 * A TCP relay between the server and PostgreSQL that the test can cut (every connection ended,
 * new ones refused) and mend, as a restart or a network failure would, without touching the
 * PostgreSQL server other tests share.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async mend() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL out of reach under requests', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;

  beforeAll(async () => {
    // A fresh database, migrated; the app then reaches it only through the relay.
    shared = await openTestDatabase('postgres');
    const databaseUrl = new URL(shared.url!);
    relay = await startRelay({ host: databaseUrl.hostname, port: Number(databaseUrl.port) });
    const relayed = new URL(databaseUrl.href);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    harness = await buildTestApp('postgres', {
      database: await openDatabase({ url: relayed.href }),
    });
    user = await createTestUser();
  });
  afterAll(async () => {
    await harness?.close();
    await shared?.close();
  });

  const add = (song: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/favorite/add',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ s: song }).toString(),
    });
  const favourites = async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/favorite/getall',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(response.statusCode).toBe(200);
    return (response.json().data.songs as { youtube_url: string }[]).map((s) => s.youtube_url);
  };

  const expectRetryLater = (response: Awaited<ReturnType<typeof add>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      code: 503,
      message:
        'The site cannot reach its database for a moment. Please try again in a few seconds.',
      data: null,
    });
  };

  it('answers 503 with Retry-After while the database is away, and serves again after', async () => {
    expect((await add(ids.blueSky)).statusCode).toBe(200);

    await relay.cut();
    expectRetryLater(await add(ids.skyHigh));

    await relay.mend();
    expect((await add(ids.moonlight)).statusCode).toBe(200);
    expect(await favourites()).toEqual(expect.arrayContaining([ids.blueSky, ids.moonlight]));
  });

  it('answers 503, never 500, to requests whose connection is ended under them', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const songs = [ids.blueSky, ids.skyHigh, ids.moonlight];
      const inFlight = Array.from({ length: 30 }, (_, index) => add(songs[index % 3]!));
      // The administrator ends the app's sessions (57P01) while the adds run.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [new URL(shared.url!).pathname.slice(1)],
      );
      const answers = await Promise.all(inFlight);
      for (const answer of answers) {
        if (answer.statusCode !== 200) expectRetryLater(answer);
      }
      expect((await add(ids.skyHigh)).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});
