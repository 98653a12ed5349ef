import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMigratedDataDir } from './test-support/database.ts';
import { exitOf as exited, startServerProcess } from './test-support/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-server-'));
// What the process does once it runs is under test here, not its first start on an empty folder.
beforeAll(() => makeMigratedDataDir(dataDir));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/api/v1`;

interface StartOptions {
  env?: Record<string, string>;
  /** A command the server runs under, e.g. a new PID namespace. */
  wrapper?: string[];
}

/** The real server process, as start.sh runs it, on the embedded database in `dataDir`. */
async function startServer({ env = {}, wrapper = [] }: StartOptions = {}): Promise<ChildProcess> {
  const server = await startServerProcess({
    port,
    wrapper,
    env: { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '200', ...env },
  });
  return server.child;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET over a kept-alive connection (an agent) or a new one (`false`). */
function get(callPath: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${callPath}`, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
  });
}

async function report(message: string) {
  const form = new FormData();
  form.set('topic', 'song-report');
  form.set('message', message);
  return (await fetch(`${base}/contact/request`, { method: 'POST', body: form })).json();
}

async function storedReports(): Promise<string[]> {
  // Read back through a fresh process: what a restarted server would see.
  const { openDatabase } = await import('./db/client.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ dataDir });
  try {
    const result = (await database.db.execute(
      sql`SELECT message FROM contact_requests ORDER BY id`,
    )) as unknown as { rows: { message: string }[] };
    return result.rows.map((row) => row.message);
  } finally {
    await database.close();
  }
}

/** Starting a process on a fresh embedded database takes many seconds on a busy two-core machine. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

describe('the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('closes gracefully on SIGTERM and keeps what it confirmed', async () => {
    const server = await startServer();
    expect(await report('abcdefghijk: before SIGTERM')).toMatchObject({ code: 200 });
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(await storedReports()).toEqual(['abcdefghijk: before SIGTERM']);
  });

  it('answers every request sent just before SIGTERM, then closes', async () => {
    // Room for the hundred answers and the three requests below on a slow, shared machine: a drain
    // of 1.5 s ended under them once (the listener closed, the next request was refused).
    const server = await startServer({ env: { SHUTDOWN_DRAIN_MS: '6000' } });
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 10 });
    // Open connections the way a browser or a proxy holds them.
    await Promise.all(Array.from({ length: 10 }, () => get('/feed/get', keepAlive)));

    const requests = [
      ...Array.from({ length: 50 }, () => get('/feed/get', keepAlive)),
      ...Array.from({ length: 50 }, () => get('/feed/get', false)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 3));
    server.kill('SIGTERM');
    const answers = await Promise.all(requests);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);

    // While draining: still answering, each answer closing its connection, readiness failing.
    const ready = await get('/health/ready', false);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({
      code: 503,
      message: 'The server is shutting down.',
      data: null,
    });
    const during = await get('/feed/get', keepAlive);
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');

    expect(await exited(server)).toBe(0);
    keepAlive.destroy();
  });

  it('loses nothing it confirmed when it is killed outright', async () => {
    const server = await startServer();
    expect(await report('abcdefghijk: before SIGKILL')).toMatchObject({ code: 200 });
    server.kill('SIGKILL');
    await exited(server);
    expect(await storedReports()).toEqual([
      'abcdefghijk: before SIGTERM',
      'abcdefghijk: before SIGKILL',
    ]);
  });

  it('starts again after SIGKILL with a lock file naming a live process', async () => {
    const server = await startServer();
    server.kill('SIGKILL');
    await exited(server);
    // The pid in the file is alive (this test's own): only a held lock may keep a server out.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    const again = await startServer();
    again.kill('SIGTERM');
    expect(await exited(again)).toBe(0);
  });

  // As in a container: the server is pid 1 of its PID namespace on every start, so after a SIGKILL
  // the lock file names pid 1, which is alive again (the new server itself).
  const namespaces = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']);
  it.skipIf(namespaces.status !== 0)(
    'starts again after SIGKILL as pid 1 of a new PID namespace (skipped where unshare is not permitted)',
    async () => {
      const inNewNamespace = { wrapper: ['unshare', '--pid', '--fork', '--kill-child=SIGKILL'] };
      const first = await startServer(inNewNamespace);
      expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe('1');
      expect(await report('abcdefghijk: in a namespace')).toMatchObject({ code: 200 });
      // Killing unshare kills its child, the server, at once (--kill-child).
      first.kill('SIGKILL');
      await exited(first);

      const second = await startServer(inNewNamespace);
      expect(await report('abcdefghijk: after the restart')).toMatchObject({ code: 200 });
      // unshare ignores SIGTERM while it waits; a container runtime signals pid 1 itself.
      const [serverPid] = fs
        .readFileSync(`/proc/${second.pid}/task/${second.pid}/children`, 'utf8')
        .trim()
        .split(' ');
      process.kill(Number(serverPid), 'SIGTERM');
      expect(await exited(second)).toBe(0);
      expect((await storedReports()).slice(-2)).toEqual([
        'abcdefghijk: in a namespace',
        'abcdefghijk: after the restart',
      ]);
    },
  );
});
