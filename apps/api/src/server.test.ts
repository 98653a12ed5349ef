import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-server-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/api/v1`;

/** The real server process, as start.sh runs it, on the embedded database in `dataDir`. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        await fetch(`${base}/feed/get`);
        resolve(child);
      } catch {
        if (Date.now() > deadline) reject(new Error('server did not start'));
        else setTimeout(() => void poll(), 200);
      }
    };
    void poll();
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

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
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(await storedReports()).toEqual(['abcdefghijk: before SIGTERM']);
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
});
