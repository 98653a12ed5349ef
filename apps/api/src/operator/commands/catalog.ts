import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BRAND_IDS, type BrandId } from '@fansite/brand-config';
import { generateDemoCatalogue } from '../../catalogue/demo.ts';
import { importCatalogue, isCatalogueEmpty } from '../../catalogue/import.ts';
import { buildCopiesForNextStart } from '../../catalogue/shared-copy.ts';
import type { Database } from '../../db/client.ts';
import type { OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api catalog <command>

Commands:
  demo --brand B [--songs N] [--seed N] [--if-empty]   load the generated demo catalogue
  import --brand B <file.json>                          load a catalogue from a JSON file
                                              (format: apps/api/src/catalogue/catalogue-file.ts)

B is the brand whose catalogue it is: ${BRAND_IDS.join(' or ')}. Both replace that brand's whole
catalogue in one transaction and leave the other brand's as it is. The database is DATABASE_URL when set,
else the embedded one in DATA_DIR (default .data/); a running server there does the work for
this command, and its visitors see the new catalogue within seconds. Without a server, the command
then builds the catalogue's serving copy for the next start: shared through the database with
PostgreSQL (servers started after it, on any machine, read it instead of building their own), kept
in DATA_DIR with the embedded database.`;

export async function catalogCommand(
  argv: string[],
  { console, cwd, database: openDatabase, catalogueCopyFolder }: OperatorContext,
) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      brand: { type: 'string' },
      songs: { type: 'string' },
      seed: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, file] = positionals;
  if (values.help || !command || !['demo', 'import'].includes(command)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }

  const toCount = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} must be a positive whole number`);
    return number;
  };

  const brand = values.brand as BrandId | undefined;
  if (!brand || !BRAND_IDS.includes(brand)) {
    throw new Error(`--brand must be one of: ${BRAND_IDS.join(', ')}`);
  }

  let catalogue: unknown;
  if (command === 'demo') {
    catalogue = generateDemoCatalogue({
      brand,
      songs: toCount('songs', values.songs),
      seed: toCount('seed', values.seed),
    });
  } else {
    if (!file) throw new Error('import needs the path of a JSON file');
    try {
      catalogue = JSON.parse(fs.readFileSync(path.resolve(cwd, file), 'utf8'));
    } catch (error) {
      throw new Error(`Could not read ${file} as JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  const database = await openDatabase();
  if (values['if-empty'] && !(await isCatalogueEmpty(database, brand))) {
    console.log(`The ${brand} catalogue is not empty; nothing changed.`);
    return 0;
  }
  const { copies, shareSeconds } = await importForServers(database, brand, catalogue, {
    copyFolder: catalogueCopyFolder,
    onImported: () => {
      const { playlists, songs } = catalogue as { playlists: unknown[]; songs: unknown[] };
      console.log(`Loaded ${playlists.length} playlists and ${songs.length} songs (${brand}).`);
    },
  });
  const seconds = shareSeconds.toFixed(1);
  if (copies === 'shared') {
    console.log(`Shared the serving copy servers start from (built in ${seconds} s).`);
  } else if (copies === 'stored') {
    console.log(`Stored the serving copy the server starts from (built in ${seconds} s).`);
  }
  return 0;
}

/**
 * The command's work once its file is read: the import, then the serving copies for the servers
 * (`buildCopiesForNextStart`: shared on PostgreSQL, where running servers wait for them, stored
 * in `copyFolder` on the embedded database). On PostgreSQL the command is a process of its own,
 * often on a machine that serves; it works at a lower priority than the servers, whose visitors
 * come first (a million songs imported beside a server on 2 cores: song reads' p99 during the
 * command 50 -> 24-30 ms). On the embedded database a running server may be running this for the
 * command, and its own priority is left alone.
 */
export async function importForServers(
  database: Database,
  brand: BrandId,
  catalogue: unknown,
  { copyFolder, onImported }: { copyFolder?: string; onImported?: () => void } = {},
) {
  const processOfItsOwn = database.transactionWithCopy !== undefined;
  if (processOfItsOwn) os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  let startedAt = performance.now();
  await importCatalogue(database, brand, catalogue, { sharesCopies: processOfItsOwn });
  const importSeconds = (performance.now() - startedAt) / 1000;
  onImported?.();
  startedAt = performance.now();
  const copies = await buildCopiesForNextStart(database, { copyFolder });
  return { copies, importSeconds, shareSeconds: (performance.now() - startedAt) / 1000 };
}
