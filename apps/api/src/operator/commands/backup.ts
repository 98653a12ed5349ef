import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readConfig } from '../../config.ts';
import { migrationsFolder } from '../../db/client.ts';
import {
  makeDatabaseFilesPrivate,
  makeDatabaseFolder,
  prepareDataDir,
} from '../../db/data-dir-access.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { UsageError, type OperatorContext } from '../command.ts';
import { createArchive, isPlainFileName, readArchive } from '../backup-archive.ts';

const backupUsage = `Usage: pnpm --filter @fansite/api backup FILE

Writes a copy of the embedded database (DATA_DIR, default .data/) and the converted songs to
FILE, consistent as of one moment, while the server runs (the running server takes the copy)
or not. Keep FILE private: it holds every account's data. With DATABASE_URL, use PostgreSQL's
pg_dump instead (README).`;

const restoreUsage = `Usage: pnpm --filter @fansite/api restore FILE

Brings back the embedded database and the converted songs from a backup FILE into DATA_DIR
(default .data/), with the server stopped. A database already there is kept beside it, renamed.
A backup from a newer version of the site than this one is refused.`;

const MANIFEST = 'manifest.json';
const DATABASE_ENTRY = 'database.tar.gz';
const SONGS_PREFIX = 'songs/';
const FORMAT = 1;

interface Migration {
  tag: string;
  when: number;
}

interface Manifest {
  format: number;
  takenAt: string;
  /** The schema the database is at: the migrations of the version that took it. */
  migrations: Migration[];
}

/** The migrations this version of the site knows, from Drizzle's journal. */
function knownMigrations(): Migration[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Migration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

const songsFolderOf = (dataDir: string) => path.join(dataDir, 'maker', 'songs');

function fileArgument(argv: string[], usage: string, console: OperatorContext['console']) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return null;
  }
  return positionals[0]!;
}

export async function backupCommand(
  argv: string[],
  { console, cwd, database: openDatabase }: OperatorContext,
): Promise<number> {
  const file = fileArgument(argv, backupUsage, console);
  if (file === null) return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  const config = readConfig();
  if (config.DATABASE_URL) {
    throw new UsageError(
      'DATABASE_URL is set: back PostgreSQL up with its own pg_dump (see README), and copy ' +
        `the converted songs in ${songsFolderOf(config.DATA_DIR)}.`,
    );
  }
  const target = path.resolve(cwd, file);
  if (!fs.existsSync(path.dirname(target))) {
    throw new UsageError(`The folder ${path.dirname(target)} does not exist.`);
  }
  const database = await openDatabase();
  if (!database.dumpDataDir) throw new UsageError('Only the embedded database is backed up here.');

  const archive = createArchive(target);
  try {
    // The database first: every song its rows name was stored before the row was written.
    const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    const manifest: Manifest = {
      format: FORMAT,
      takenAt: new Date().toISOString(),
      migrations: knownMigrations(),
    };
    archive.addBuffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    archive.addBuffer(DATABASE_ENTRY, dump);
    const songsFolder = songsFolderOf(config.DATA_DIR);
    let songs = 0;
    for (const name of fs.existsSync(songsFolder) ? fs.readdirSync(songsFolder) : []) {
      try {
        archive.addFile(`${SONGS_PREFIX}${name}`, path.join(songsFolder, name));
        songs += 1;
      } catch (error) {
        // Expired and removed since the folder was listed: it would not be served anyway.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    archive.finish();
    console.log(
      `Backed up the database (${Math.ceil(dump.length / 1024)} KB) and ${songs} converted ` +
        `${songs === 1 ? 'song' : 'songs'} to ${target}.`,
    );
    return 0;
  } catch (error) {
    archive.abandon();
    throw error;
  }
}

function readManifest(file: string): Manifest {
  let manifest: Manifest | null = null;
  try {
    readArchive(file, (entry) => {
      if (entry.name === MANIFEST) manifest = JSON.parse(entry.read().toString('utf8')) as Manifest;
      return false;
    });
  } catch {
    // Said below.
  }
  if (!manifest || (manifest as Manifest).format !== FORMAT) {
    throw new UsageError(`${file} is not a backup made by the backup command.`);
  }
  return manifest;
}

export async function restoreCommand(
  argv: string[],
  { console, cwd }: OperatorContext,
): Promise<number> {
  const file = fileArgument(argv, restoreUsage, console);
  if (file === null) return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  const config = readConfig();
  if (config.DATABASE_URL) {
    throw new UsageError('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README).');
  }
  const source = path.resolve(cwd, file);
  if (!fs.existsSync(source)) throw new UsageError(`There is no file ${source}.`);
  const manifest = readManifest(source);
  const known = new Set(knownMigrations().map((migration) => migration.tag));
  const unknown = manifest.migrations.filter((migration) => !known.has(migration.tag));
  if (unknown.length > 0) {
    throw new UsageError(
      `This backup comes from a newer version of the site: its database has the migration ` +
        `${unknown.map((migration) => migration.tag).join(', ')}, which this version does not ` +
        'know. Restore it with the version that made it, or a newer one.',
    );
  }

  const dataDir = config.DATA_DIR;
  prepareDataDir(dataDir);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    throw new UsageError(
      `Stop the server before restoring: ${error instanceof Error ? error.message : error}`,
    );
  }
  try {
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const kept: string[] = [];
    const moveAside = (folder: string) => {
      if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
        const aside = `${folder}.before-restore-${stamp}`;
        fs.renameSync(folder, aside);
        kept.push(aside);
      }
    };
    const databaseFolder = path.join(dataDir, 'pglite');
    const songsFolder = songsFolderOf(dataDir);
    moveAside(databaseFolder);
    moveAside(songsFolder);
    fs.mkdirSync(songsFolder, { recursive: true, mode: 0o700 });

    let dump: Buffer | null = null;
    let songs = 0;
    readArchive(source, (entry) => {
      if (entry.name === DATABASE_ENTRY) dump = entry.read();
      if (entry.name.startsWith(SONGS_PREFIX)) {
        const name = entry.name.slice(SONGS_PREFIX.length);
        if (!isPlainFileName(name)) throw new UsageError(`${source} names a song ${name}.`);
        entry.copyTo(path.join(songsFolder, name));
        songs += 1;
      }
    });
    if (!dump) throw new UsageError(`${source} holds no database.`);
    // PGlite unpacks the tarball into the folder and starts on it; the next start migrates it.
    const client = await PGlite.create(makeDatabaseFolder(dataDir), {
      loadDataDir: new Blob([dump]),
      extensions: { pg_trgm },
    });
    await client.close();
    makeDatabaseFilesPrivate(databaseFolder);

    console.log(
      `Restored the database of ${manifest.takenAt} and ${songs} converted ` +
        `${songs === 1 ? 'song' : 'songs'} into ${dataDir}.`,
    );
    for (const folder of kept) console.log(`What was there before is kept in ${folder}.`);
    return 0;
  } finally {
    unlock();
  }
}
