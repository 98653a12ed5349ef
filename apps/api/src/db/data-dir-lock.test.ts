import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMigratedDataDir } from '../test-support/database.ts';
import { openDatabase } from './client.ts';
import { LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-lock-'));

/** Opening an embedded database takes seconds on a busy two-core machine. */
describe('the embedded database folder', { timeout: 120_000 }, () => {
  it('belongs to one process: a second open fails fast with a clear message', async () => {
    const dataDir = freshDir();
    await makeMigratedDataDir(dataDir);
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `The database folder ${dataDir} is in use by another process (pid ${process.pid})`,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens when the lock file names a live process that does not hold it', () => {
    // After a SIGKILL in a container the next server is pid 1 again, and the file names pid 1: a
    // live pid proves nothing, only a held lock does.
    const dataDir = freshDir();
    for (const livePid of [String(process.pid), '1']) {
      fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), livePid);
      const release = lockDataDir(dataDir);
      release();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is free again as soon as its owner is killed outright', async () => {
    const dataDir = freshDir();
    // Another process takes the lock and is then killed: no chance to clean anything up.
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))});
         lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => owner.stdout!.once('data', () => resolve()));
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another process (pid ${owner.pid})`);
    owner.kill('SIGKILL');
    await new Promise((resolve) => owner.once('exit', resolve));
    const release = lockDataDir(dataDir);
    release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
