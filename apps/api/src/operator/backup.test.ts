import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client.ts';
import { makeTone } from '../test-support/audio.ts';
import { makeMigratedDataDir } from '../test-support/database.ts';
import { createTestUser, testAuthOptions } from '../test-support/firebase-users.ts';
import {
  apiRoot,
  operatorCommand,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test-support/server-process.ts';
import { createArchive } from './backup-archive.ts';
import { z } from 'zod';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-backup-'));
const liveDataDir = path.join(workDir, 'live');
const freshDataDir = path.join(workDir, 'fresh');
const backupFile = path.join(workDir, 'site.backup');
const environmentFor = (dataDir: string) => ({
  DATA_DIR: dataDir,
  SHUTDOWN_DRAIN_MS: '0',
  CONTACT_RATE_LIMIT: '100000',
  FIREBASE_AUTH_EMULATOR_HOST: testAuthOptions().emulatorHost,
});

const startServer = (dataDir: string) => startServerProcess({ env: environmentFor(dataDir) });

const operator = (dataDir: string, name: string, ...args: string[]) =>
  operatorCommand(environmentFor(dataDir), name, ...args);

describe('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  // The live site's folder holding a migrated database (a copy of the run's template): backing up
  // and restoring is under test, not the server's first start.
  beforeAll(() => makeMigratedDataDir(liveDataDir));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server.child)));
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('restores, into a fresh data folder, every write confirmed before a backup taken under load', async () => {
    const live = await startServer(liveDataDir);
    servers.push(live);
    const { api } = live;

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
    const song = Buffer.from(await (await fetch(`${live.origin}${downloadLink}`)).arrayBuffer());
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
    await stopServerProcess(live.child);

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
    const fresh = await startServer(freshDataDir);
    servers.push(fresh);
    const download = await fetch(`${fresh.origin}${downloadLink}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(song)).toBe(true);
    await stopServerProcess(fresh.child);
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
