import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { openDatabase } from '@fansite/api/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { measureRoute } from './http.ts';
import type { ImportBeside, ImportBesideAnswer } from './import-beside.ts';
import {
  BUILT_SERVER_PORT,
  copyStoredSince,
  residentMb,
  residentWithChildrenMb,
  startBuiltServer,
} from './start-figures.ts';
import { formatTable, print } from './table.ts';
import type { Workload } from './workloads.ts';

/** The goals of a million songs on PostgreSQL, as docs/budgets.md states them. */
const GOALS = {
  importSeconds: 60,
  firstAnswerSeconds: 10,
  rssMb: 1_024,
  p99DuringImportMs: 20,
};
/** Songs opened while an import runs beside the server: the rate the budgets name for song/get. */
const READ_RATE_DURING_IMPORT = 500;
/** Of the songs, the share the second import's file edits (a title each): a busy week's changes. */
const EDITED_SHARE = 0.01;
/** How often the server's memory is read while it builds its new copy. */
const RSS_SAMPLE_MS = 100;
/** The built server serves /metrics (its catalogue version) to this token alone. */
const METRICS_TOKEN = randomBytes(32).toString('hex');

type MillionFigures = {
  songs: number;
  /** Into an empty database: every row new. */
  importSeconds: number;
  /** The import's second step (`catalog import` on PostgreSQL): the serving copy built and shared. */
  shareSeconds: number;
  firstAnswerSeconds: number;
  rssAfterStartMb: number;
  /** The same catalogue with a share of its songs edited, beside the server. */
  importUnderLoadSeconds: number;
  /** That command's second step, its copies built and shared, beside the server too. */
  shareUnderLoadSeconds: number;
  editedSongs: number;
  p99DuringImportMs: number;
  failedDuringImport: number;
  peakRssDuringRebuildMb: number;
  /** The same with the server's build worker, a process of its own. */
  peakRssWithWorkerDuringRebuildMb: number;
  rebuildSeconds: number;
  /** A restart once the built copy is stored: the copy read from DATA_DIR/catalogue. */
  restartFirstAnswerSeconds: number;
  rssAfterRestartMb: number;
};

async function servedVersion(baseUrl: string): Promise<number | null> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  if (!response?.ok) return null;
  const match = /^fansite_catalogue_version (\d+)/m.exec(await response.text());
  return match ? Number(match[1]) : null;
}

/**
 * What a million songs cost outside the routes' figures, as an operator meets them: the import
 * (`catalog import`'s work in a process of its own: its transaction, then the serving copies
 * built and shared), the built server's start on a new machine (an empty data folder) to its
 * first answer and its memory, then a second import while the server answers song reads at
 * 500/s, and the server's memory until it serves the imported catalogue.
 */
export async function measureMillion(
  databaseUrl: string,
  catalogue: CatalogueFile,
  songGet: Workload,
): Promise<MillionFigures> {
  await dropEverything(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-million-'));
  try {
    // `catalog import`'s work into the empty database, no server running yet: its transaction,
    // then the copies the servers start from built and shared.
    const { importSeconds, shareSeconds } = await (
      await importerReady(databaseUrl, catalogue.songs.length, 0)
    ).run();

    const server = await startBuiltServer(
      { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, METRICS_TOKEN },
      BUILT_SERVER_PORT,
    );
    try {
      const importer = await importerReady(databaseUrl, catalogue.songs.length, EDITED_SHARE);
      const versionBefore = await servedVersion(server.baseUrl);
      const commandStartedAt = Date.now();
      // The server sees the new version within its 2 s check of the commit and builds its new
      // copy, while the command builds and shares its own: the reads and the memory watch run
      // beside both.
      const rebuild = watchRebuild(server.pid, server.baseUrl, versionBefore);
      const [imported, reads] = await Promise.all([
        importer.run(),
        // Reads for as long as the first command took: the second, writing a hundredth of the
        // rows, runs inside that time or the table says it did not.
        measureRoute(
          server.baseUrl,
          { ...songGet, ratePerSecond: READ_RATE_DURING_IMPORT },
          Math.max(10, Math.ceil(importSeconds + shareSeconds)),
        ),
      ]);
      const { peakRssDuringRebuildMb, peakRssWithWorkerDuringRebuildMb, servedAt } = await rebuild;
      // From the commit to the new copy in service.
      const rebuildSeconds = (servedAt - commandStartedAt) / 1000 - imported.importSeconds;
      await copyStoredSince(dataDir, commandStartedAt);
      await server.stop();
      const restarted = await startBuiltServer(
        { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, METRICS_TOKEN },
        BUILT_SERVER_PORT,
      );
      await restarted.stop();
      return {
        songs: catalogue.songs.length,
        importSeconds,
        shareSeconds,
        firstAnswerSeconds: server.firstAnswerSeconds,
        rssAfterStartMb: server.rssMb,
        importUnderLoadSeconds: imported.importSeconds,
        shareUnderLoadSeconds: imported.shareSeconds,
        editedSongs: Math.round(catalogue.songs.length * EDITED_SHARE),
        p99DuringImportMs: reads.p99Ms,
        failedDuringImport: reads.non2xx + reads.errors,
        peakRssDuringRebuildMb,
        peakRssWithWorkerDuringRebuildMb,
        rebuildSeconds,
        restartFirstAnswerSeconds: restarted.firstAnswerSeconds,
        rssAfterRestartMb: restarted.rssMb,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A process that runs `catalog import`'s work on the demo catalogue with a share of its songs
 * edited (`import-beside.ts`), once its file is made: `run` imports and shares, and resolves
 * with the two steps' times.
 */
async function importerReady(databaseUrl: string, songs: number, editedShare: number) {
  const child = fork(new URL('./import-beside.ts', import.meta.url).pathname, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const answer = (type: ImportBesideAnswer['type']) =>
    new Promise<ImportBesideAnswer>((resolve, reject) => {
      child.on('message', (message: ImportBesideAnswer) => {
        if (message.type === type) resolve(message);
      });
      void exited.then(([code]) =>
        reject(new Error(`The import beside the server failed (exit code ${code}).`)),
      );
    });
  const ready = answer('ready');
  child.send({ databaseUrl, songs, editedShare } satisfies ImportBeside);
  await ready;
  return {
    async run() {
      const imported = answer('imported');
      child.send('go');
      const done = (await imported) as Extract<ImportBesideAnswer, { type: 'imported' }>;
      await exited;
      return done;
    },
  };
}

/**
 * The server's resident memory at its highest, alone and with its build worker, sampled until it
 * serves a catalogue version other than `versionBefore`, and when it did.
 */
async function watchRebuild(pid: number, baseUrl: string, versionBefore: number | null) {
  let peakRssDuringRebuildMb = 0;
  let peakRssWithWorkerDuringRebuildMb = 0;
  while ((await servedVersion(baseUrl)) === versionBefore) {
    peakRssDuringRebuildMb = Math.max(peakRssDuringRebuildMb, await residentMb(pid));
    peakRssWithWorkerDuringRebuildMb = Math.max(
      peakRssWithWorkerDuringRebuildMb,
      await residentWithChildrenMb(pid),
    );
    await new Promise((resolve) => setTimeout(resolve, RSS_SAMPLE_MS));
  }
  return { peakRssDuringRebuildMb, peakRssWithWorkerDuringRebuildMb, servedAt: Date.now() };
}

/**
 * Leaves the bench's database empty (its tables and the migrations' record dropped), so that the
 * first import writes every row as a new site's would, whatever an earlier run left there.
 */
async function dropEverything(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    await database.db.execute(sql`DO $$
      DECLARE name text;
      BEGIN
        FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
          EXECUTE format('DROP TABLE %I CASCADE', name);
        END LOOP;
      END $$`);
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  } finally {
    await database.close();
  }
}

const pass = (passed: boolean) => (passed ? 'pass' : 'FAIL');

export function printMillion(figures: MillionFigures): void {
  print('A million songs on PostgreSQL, beside the goals (the figures outside the routes):');
  print(
    formatTable(
      ['figure', 'measured', 'goal', 'result'],
      [
        [
          `import of ${figures.songs.toLocaleString('en-US')} songs into an empty database`,
          `${figures.importSeconds.toFixed(1)} s`,
          `< ${GOALS.importSeconds} s`,
          pass(figures.importSeconds < GOALS.importSeconds),
        ],
        [
          "the import's serving copy built and shared (its second step, after the commit)",
          `${figures.shareSeconds.toFixed(1)} s`,
          '-',
          '',
        ],
        [
          'built server on a new machine, first start (the shared copy fetched): spawn to first answer',
          `${figures.firstAnswerSeconds.toFixed(1)} s`,
          `< ${GOALS.firstAnswerSeconds} s`,
          pass(figures.firstAnswerSeconds < GOALS.firstAnswerSeconds),
        ],
        [
          'RSS after start (the server and its launcher)',
          `${figures.rssAfterStartMb.toFixed(0)} MB`,
          `< ${GOALS.rssMb} MB`,
          pass(figures.rssAfterStartMb < GOALS.rssMb),
        ],
        [
          'restart (the stored copy read): spawn to first answer',
          `${figures.restartFirstAnswerSeconds.toFixed(1)} s`,
          `< ${GOALS.firstAnswerSeconds} s`,
          pass(figures.restartFirstAnswerSeconds < GOALS.firstAnswerSeconds),
        ],
        [
          'RSS after that restart (the server and its launcher)',
          `${figures.rssAfterRestartMb.toFixed(0)} MB`,
          `< ${GOALS.rssMb} MB`,
          pass(figures.rssAfterRestartMb < GOALS.rssMb),
        ],
        [
          `the same file with ${figures.editedSongs.toLocaleString('en-US')} songs edited, ` +
            'imported beside the server',
          `${figures.importUnderLoadSeconds.toFixed(1)} s`,
          `< ${GOALS.importSeconds} s`,
          pass(figures.importUnderLoadSeconds < GOALS.importSeconds),
        ],
        [
          "that command's second step, its copies built and shared, beside the server",
          `${figures.shareUnderLoadSeconds.toFixed(1)} s`,
          '-',
          '',
        ],
        [
          `song/get p99 at ${READ_RATE_DURING_IMPORT}/s during that command ` +
            `(${figures.failedDuringImport} failed)`,
          `${figures.p99DuringImportMs.toFixed(1)} ms`,
          `< ${GOALS.p99DuringImportMs} ms`,
          pass(figures.p99DuringImportMs < GOALS.p99DuringImportMs && !figures.failedDuringImport),
        ],
        [
          `peak RSS while the imported copy is built (${figures.rebuildSeconds.toFixed(1)} s)`,
          `${figures.peakRssDuringRebuildMb.toFixed(0)} MB`,
          `< ${GOALS.rssMb} MB`,
          pass(figures.peakRssDuringRebuildMb < GOALS.rssMb),
        ],
        [
          'the same, the server, its launcher and the build worker together',
          `${figures.peakRssWithWorkerDuringRebuildMb.toFixed(0)} MB`,
          `< ${GOALS.rssMb} MB`,
          pass(figures.peakRssWithWorkerDuringRebuildMb < GOALS.rssMb),
        ],
      ],
    ),
  );
}
