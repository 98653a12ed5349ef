import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { makeDatabaseFilesPrivate, makeDatabaseFolder, prepareDataDir } from './data-dir-access.ts';

const folders: string[] = [];
/** A fresh folder private to this user, as `mkdtemp` makes it. */
const freshDir = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-access-'));
  folders.push(folder);
  return folder;
};

/** Every folder and file under `folder` with permissions that let other users in. */
function openToOthers(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((entryPath) => fs.lstatSync(entryPath).mode & 0o077)
    .map((entryPath) => `${(fs.lstatSync(entryPath).mode & 0o777).toString(8)} ${entryPath}`);
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A fresh embedded database (initdb and migrations) takes many seconds on a busy two-core machine. */
describe('the data folder is private to the server', { timeout: 180_000 }, () => {
  it('makes a new data folder and everything the database writes in it private', async () => {
    const dataDir = path.join(freshDir(), 'data');
    const database = await openDatabase({ dataDir });
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('starts on the open files a stopped first start left in its private folders', () => {
    // PGlite writes a new database's files -rw-rw-rw-; a first start stopped before they were made
    // private leaves them so, out of others' reach: the next start opens them and closes them up.
    const dataDir = freshDir();
    const databaseFolder = makeDatabaseFolder(dataDir);
    fs.writeFileSync(path.join(databaseFolder, 'PG_VERSION'), '18');
    fs.chmodSync(path.join(databaseFolder, 'PG_VERSION'), 0o666);
    expect(() => prepareDataDir(dataDir)).not.toThrow();
    makeDatabaseFilesPrivate(databaseFolder);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it.each([
    [
      'the data folder others can change',
      (dataDir: string) => fs.chmodSync(dataDir, 0o777),
      (dataDir: string) => dataDir,
      'rwxrwxrwx',
      'changed',
    ],
    [
      'a database folder others can read',
      (dataDir: string) => fs.mkdirSync(path.join(dataDir, 'pglite'), { mode: 0o755 }),
      (dataDir: string) => path.join(dataDir, 'pglite'),
      'rwxr-xr-x',
      'read',
    ],
    [
      'a file in it others can change',
      (dataDir: string) => {
        fs.chmodSync(dataDir, 0o755);
        fs.mkdirSync(path.join(dataDir, 'maker'));
        fs.chmodSync(path.join(dataDir, 'maker'), 0o755);
        fs.writeFileSync(path.join(dataDir, 'maker', 'song.mp3'), 'x');
        fs.chmodSync(path.join(dataDir, 'maker', 'song.mp3'), 0o666);
      },
      (dataDir: string) => path.join(dataDir, 'maker', 'song.mp3'),
      'rw-rw-rw-',
      'changed',
    ],
  ] as const)(
    'refuses to start on %s, saying how to fix it',
    async (_name, openUp, culprit, shown, what) => {
      const dataDir = freshDir();
      openUp(dataDir);
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `The data folder ${dataDir} is open to other users of this machine: ${culprit(dataDir)} ` +
          `(${shown}) can be ${what} by them. Make it private to the user the server runs as ` +
          `(chmod -R go-rwx ${dataDir}) and start again.`,
      );
      // Nothing was made or locked in it.
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    },
  );
});
