import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client.ts';
import { makeTone } from '../test-support/audio.ts';
import { createTestUser, testAuthOptions } from '../test-support/firebase-users.ts';
import { createArchive } from './backup-archive.ts';
import { z } from 'zod';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-backup-'));
const liveDataDir = path.join(workDir, 'live');
const freshDataDir = path.join(workDir, 'fresh');
const backupFile = path.join(workDir, 'site.backup');
// The embedded database, whatever the test run's environment says.
const { DATABASE_URL: _unused, ...inherited } = process.env;
const environmentFor = (dataDir: string) => ({
  ...inherited,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SHUTDOWN_DRAIN_MS: '0',
  CONTACT_RATE_LIMIT: '100000',
  FIREBASE_AUTH_EMULATOR_HOST: testAuthOptions().emulatorHost,
});

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...environmentFor(dataDir), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`);
        resolve(child);
      } catch {
        if (Date.now() > deadline) reject(new Error('server did not start'));
        else setTimeout(() => void poll(), 200);
      }
    };
    void poll();
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** An operator command as `pnpm --filter @fansite/api NAME ...` runs it. */
function operator(dataDir: string, name: string, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/cli/${name}.ts`, ...args],
      { cwd: apiRoot, env: environmentFor(dataDir) },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr }),
    );
  });
}

const port = () => 20_000 + Math.floor(Math.random() * 20_000);

describe('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  const servers: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('restores, into a fresh data folder, every write confirmed before a backup taken under load', async () => {
    const livePort = port();
    const live = await startServer(liveDataDir, livePort);
    servers.push(live);
    const api = `http://127.0.0.1:${livePort}/api/v1`;

    // A converted song, made through the song maker as a visitor makes one.
    const user = await createTestUser();
    expect(await operator(liveDataDir, 'subscriber', 'grant', user.email)).toMatchObject({
      code: 0,
    });
    const tone = fs.readFileSync(await makeTone(workDir, 'mp3', { seconds: 3 }));
    const form = new FormData();
    form.set('speed', '25');
    form.set('file', new Blob([tone], { type: 'audio/mpeg' }), 'tone.mp3');
    const made = await fetch(`${api}/make/convert`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(made.status).toBe(200);
    const downloadLink = ((await made.json()) as { data: string }).data;
    const song = Buffer.from(
      await (await fetch(`http://127.0.0.1:${livePort}${downloadLink}`)).arrayBuffer(),
    );
    expect(song.length).toBeGreaterThan(0);

    // Song reports written one after another, four at a time, all through the backup.
    const confirmed: string[] = [];
    let writing = true;
    const writer = async (lane: number) => {
      for (let n = 0; writing; n++) {
        const message = `abcdefghijk: report ${lane}-${n}`;
        const report = new FormData();
        report.set('topic', 'song-report');
        report.set('message', message);
        const answer = await fetch(`${api}/contact/request`, { method: 'POST', body: report });
        // While the copy is taken the server may ask for a retry: such a write is not confirmed.
        if (answer.status === 503) {
          expect(answer.headers.get('retry-after')).not.toBeNull();
          continue;
        }
        expect(answer.status).toBe(200);
        confirmed.push(message);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThan(40);

    const confirmedBeforeBackup = [...confirmed];
    const backup = await operator(liveDataDir, 'backup', backupFile);
    const confirmedAfterBackup = confirmed.length;
    writing = false;
    await Promise.all(writers);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backed up the database \(\d+ KB\) and 1 converted song to /);
    // The writes went on while the backup was taken.
    expect(confirmedAfterBackup).toBeGreaterThan(confirmedBeforeBackup.length);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    // Restoring is refused while a server runs on the folder.
    const refused = await operator(liveDataDir, 'restore', backupFile);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^Stop the server before restoring: /);
    await stopServer(live);

    const restored = await operator(freshDataDir, 'restore', backupFile);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain('and 1 converted song into');

    const database = await openDatabase({ dataDir: freshDataDir });
    const stored = new Set(
      (
        await queryRows(
          database.db,
          sql`SELECT message FROM contact_requests`,
          z.object({ message: z.string() }),
        )
      ).map((row) => row.message),
    );
    await database.close();
    expect(confirmedBeforeBackup.filter((message) => !stored.has(message))).toEqual([]);

    // The restored site serves the song converted before the backup.
    const freshPort = port();
    const fresh = await startServer(freshDataDir, freshPort);
    servers.push(fresh);
    const download = await fetch(`http://127.0.0.1:${freshPort}${downloadLink}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(song)).toBe(true);
    await stopServer(fresh);
  });

  it('refuses a backup from a newer version of the site, and changes nothing', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(apiRoot, 'src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const future = path.join(workDir, 'future.backup');
    const archive = createArchive(future);
    archive.addBuffer(
      'manifest.json',
      Buffer.from(
        JSON.stringify({
          format: 1,
          takenAt: new Date().toISOString(),
          migrations: [...journal.entries, { tag: '9999_from_the_future', when: Date.now() }],
        }),
      ),
    );
    archive.addBuffer('database.tar.gz', Buffer.alloc(0));
    archive.finish();

    const target = path.join(workDir, 'untouched');
    const answer = await operator(target, 'restore', future);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toBe(
      'This backup comes from a newer version of the site: its database has the migration ' +
        '9999_from_the_future, which this version does not know. Restore it with the version ' +
        'that made it, or a newer one.\n',
    );
    expect(fs.existsSync(target)).toBe(false);

    const notBackup = path.join(workDir, 'notes.txt');
    fs.writeFileSync(notBackup, 'hello');
    expect(await operator(target, 'restore', notBackup)).toMatchObject({
      code: 2,
      stderr: `${notBackup} is not a backup made by the backup command.\n`,
    });
  });
});
