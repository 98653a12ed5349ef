import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMigratedDataDir } from '../test-support/database.ts';
import {
  operatorCommand,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test-support/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-operator-'));
const environment = { DATA_DIR: dataDir };
const operator = (name: string, ...args: string[]) => operatorCommand(environment, name, ...args);
// The commands are under test, not the server's first start on an empty folder.
beforeAll(() => makeMigratedDataDir(dataDir));

describe('operator commands', { timeout: 180_000 }, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await stopServerProcess(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('work against a running server on the embedded database', async () => {
    server = await startServerProcess({ env: environment, readyCall: '/feed/get' });
    const base = server.api;
    expect(fs.statSync(path.join(dataDir, 'operator.sock')).mode & 0o777).toBe(0o600);

    const granted = await operator('subscriber', 'grant', 'Fan@Example.com');
    expect(granted).toMatchObject({ code: 0, stdout: 'fan@example.com is now a subscriber.\n' });
    const listed = await operator('subscriber', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('fan@example.com');
    expect(listed.stdout).toContain('operator');

    const news = await operator(
      'network',
      'feed',
      'add',
      '--image',
      'https://example.com/news.jpg',
      '--title',
      'Added while running',
      '--content',
      '<p>Hello</p>',
      '--url',
      'https://example.com/news',
    );
    expect(news.code).toBe(0);
    const feed = (await (await fetch(`${base}/feed/get`)).json()) as {
      data: { title: string }[];
    };
    expect(feed.data.map((item) => item.title)).toContain('Added while running');

    const catalogue = await operator('catalog', 'demo', '--brand', 'nightcore', '--songs', '40');
    expect(catalogue).toMatchObject({ code: 0 });
    expect(catalogue.stdout).toMatch(/Loaded \d+ playlists and 40 songs \(nightcore\)\./);
    // The running server builds and stores its own copy: the command builds none.
    expect(catalogue.stdout).not.toContain('serving copy');
    // The server drops its cached catalogue within its refresh interval.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/playlist/all`)).json()) as { data: unknown[] }).data.length,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    const team = await operator('staff', 'grant', 'Lead@Example.com');
    expect(team).toMatchObject({ code: 0, stdout: 'lead@example.com is now on the team.\n' });
    expect((await operator('staff', 'list')).stdout).toContain('lead@example.com');
    expect(await operator('staff', 'revoke', 'lead@example.com')).toMatchObject({
      code: 0,
      stdout: 'lead@example.com is no longer on the team.\n',
    });
    expect(await operator('staff', 'revoke', 'lead@example.com')).toMatchObject({
      code: 2,
      stderr: 'lead@example.com is not on the team.\n',
    });

    const revoked = await operator('subscriber', 'revoke', 'fan@example.com');
    expect(revoked).toMatchObject({
      code: 0,
      stdout: 'fan@example.com is no longer a subscriber.\n',
    });
  });

  it('report mistakes with exit code 2 through the server too', async () => {
    const bad = await operator('subscriber', 'grant', 'not-an-email');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('EMAIL: Enter a valid email address, like name@example.com.');
    const missing = await operator('subscriber', 'revoke', 'nobody@example.com');
    expect(missing).toMatchObject({ code: 2, stderr: 'nobody@example.com is not a subscriber.\n' });
    const usage = await operator('subscriber');
    expect(usage.code).toBe(2);
    expect(usage.stdout).toContain('Usage: pnpm --filter @fansite/api subscriber');
  });

  it('open the folder themselves once the server has stopped', async () => {
    expect(await stopServerProcess(server!.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'operator.sock'))).toBe(false);

    expect(await operator('subscriber', 'grant', 'offline@example.com')).toMatchObject({
      code: 0,
    });
    const listed = await operator('subscriber', 'list');
    expect(listed.stdout).toContain('offline@example.com');

    // An import with no server leaves the copy the server's next start reads.
    const copies = path.join(dataDir, 'catalogue');
    fs.rmSync(copies, { recursive: true, force: true });
    const imported = await operator('catalog', 'demo', '--brand', 'nightcore', '--songs', '30');
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.stdout).toMatch(/Stored the serving copy the server starts from \(built in/);
    expect(fs.readdirSync(copies).sort()).toEqual(['nightcore.copy', 'slowed-reverb.copy']);
  });
});
