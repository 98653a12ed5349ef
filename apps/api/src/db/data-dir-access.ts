import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's own folder inside the data folder. */
const DATABASE_FOLDER_NAME = 'pglite';

const GROUP_OR_OTHERS_WRITE = 0o022;
const GROUP_OR_OTHERS_ANY = 0o077;

const fixHint = (dataDir: string) =>
  `Make it private to the user the server runs as (chmod -R go-rwx ${dataDir}) and start again.`;

/** `-rw-rw-rw-`-style permissions, as `ls -l` shows them. */
function permissions(mode: number): string {
  return [6, 3, 0]
    .map((shift) => {
      const bits = (mode >> shift) & 0o7;
      return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`;
    })
    .join('');
}

const GROUP_OR_OTHERS_SEARCH = 0o011;

interface Entry {
  path: string;
  stats: fs.Stats;
}

/** Every folder and file under `folder` (symbolic links are not followed, nor judged). */
function* entriesUnder(folder: string): Generator<Entry> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    yield { path: entryPath, stats: fs.lstatSync(entryPath) };
    if (entry.isDirectory()) yield* entriesUnder(entryPath);
  }
}

/**
 * The folders and files under `folder` that other users can reach: what lies in a folder they
 * cannot enter is out of their reach, whatever its own permissions.
 */
function* reachableEntriesUnder(folder: string): Generator<Entry> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    const stats = fs.lstatSync(entryPath);
    yield { path: entryPath, stats };
    if (entry.isDirectory() && stats.mode & GROUP_OR_OTHERS_SEARCH) {
      yield* reachableEntriesUnder(entryPath);
    }
  }
}

/**
 * The data folder holds the embedded database (subscribers' emails sit in its write-ahead log),
 * the Auth emulator's users and converted songs. Another user of the machine who could write in
 * it could rewrite the database; one who could read the database folder could read it all.
 *
 * A missing folder is made private to this user. An existing one is refused, with the command
 * that fixes it, when it belongs to another user, when anything in it other users can reach can
 * be changed by them, or when they can get into the database folder. (A first start stopped
 * while PGlite wrote a new database leaves its files open, inside folders no one else can enter:
 * that start is not refused, and the files are made private once the database opens.)
 */
export function prepareDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask; the folder is made private whatever the umask.
    fs.chmodSync(dataDir, 0o700);
    return;
  }
  const stats = fs.statSync(dataDir);
  if (!stats.isDirectory()) {
    throw new Error(`The data folder ${dataDir} is not a folder. Point DATA_DIR at a folder.`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new Error(
      `The data folder ${dataDir} belongs to another user (uid ${stats.uid}), not to the user the ` +
        `server runs as (uid ${uid}). Give it to that user (chown -R ${uid} ${dataDir}) or point ` +
        'DATA_DIR at a folder of its own.',
    );
  }
  const refuse = (where: string, mode: number, what: string): never => {
    throw new Error(
      `The data folder ${dataDir} is open to other users of this machine: ${where} ` +
        `(${permissions(mode)}) can be ${what} by them. ${fixHint(dataDir)}`,
    );
  };
  if (stats.mode & GROUP_OR_OTHERS_WRITE) refuse(dataDir, stats.mode, 'changed');
  const databaseFolder = path.join(dataDir, DATABASE_FOLDER_NAME);
  if (fs.existsSync(databaseFolder)) {
    const database = fs.lstatSync(databaseFolder);
    if (database.mode & GROUP_OR_OTHERS_ANY) refuse(databaseFolder, database.mode, 'read');
  }
  if (!(stats.mode & GROUP_OR_OTHERS_SEARCH)) return;
  for (const entry of reachableEntriesUnder(dataDir)) {
    if (entry.stats.mode & GROUP_OR_OTHERS_WRITE) refuse(entry.path, entry.stats.mode, 'changed');
  }
}

/**
 * The database folder, made before PGlite writes into it, so that no one else can get in while
 * it does.
 */
export function makeDatabaseFolder(dataDir: string): string {
  const databaseFolder = path.join(dataDir, DATABASE_FOLDER_NAME);
  if (!fs.existsSync(databaseFolder)) {
    fs.mkdirSync(databaseFolder, { mode: 0o700 });
    fs.chmodSync(databaseFolder, 0o700);
  }
  return databaseFolder;
}

/**
 * PGlite writes the files of a new database readable and writable by everyone (`-rw-rw-rw-`,
 * whatever the umask), and rewrites some later as `-rw-r--r--`: they are made private to this
 * user once it has opened the folder. Its folder already keeps others out; this keeps the files
 * private should the folder ever be opened up.
 */
export function makeDatabaseFilesPrivate(databaseFolder: string): void {
  for (const entry of entriesUnder(databaseFolder)) {
    if (entry.stats.mode & GROUP_OR_OTHERS_ANY) {
      fs.chmodSync(entry.path, entry.stats.mode & 0o700);
    }
  }
}
