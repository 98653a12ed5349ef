import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('the embedded database folder', () => {
  it('belongs to one process: a second open fails fast with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-lock-'));
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

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-lock-'));
    // Pids are below 2^22 on Linux, so this one cannot be running.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '99999999');
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
