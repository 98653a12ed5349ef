import type { BrandId } from '@fansite/brand-config';
import type { AppDb } from '../db/client.ts';
import { catalogueStamp, loadCatalogueRows } from '../repositories/catalogue-rows.ts';
import { type LaunchedProcess, launch } from '../launcher/launcher.ts';
import { helperEntry } from '../runs-from-source.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { SongColumns } from './song-columns.ts';
import { writeStoredCopy } from './stored-copy.ts';

/**
 * Reads a brand's rows and builds its serving copy in this thread, in slices between which the
 * event loop turns. `beforeServing`: nothing is answered yet, so the rows are read in large pages.
 */
export async function buildFromRows(
  db: AppDb,
  brand: BrandId,
  beforeServing: boolean,
): Promise<CatalogueSnapshot> {
  const { version, playlistRows, songs, playlistSongs } = await loadCatalogueRows(
    db,
    brand,
    () => new SongColumns(),
    { beforeServing },
  );
  return CatalogueSnapshot.fromColumns(version, playlistRows, songs, playlistSongs);
}

/**
 * Builds the brand's copy from the rows (`buildFromRows`, in large pages: nothing waits on the
 * caller's event loop) and stores it in `folder`; says which catalogue version it is of.
 */
export async function buildAndStoreCopy(
  db: AppDb,
  brand: BrandId,
  folder: string,
): Promise<{ version: number; stamp: string }> {
  const snapshot = await buildFromRows(db, brand, true);
  const stamp = await catalogueStamp(db, snapshot.version);
  if (stamp === null) throw new Error(`Catalogue version ${snapshot.version} has no stamp.`);
  await writeStoredCopy(folder, brand, stamp, snapshot);
  return { version: snapshot.version, stamp };
}

/** What a build worker is given (`build-worker.ts`), by message: no secret in its arguments. */
export interface BuildWorkerData {
  databaseUrl: string;
  /** Built one after the other: the worker holds one copy at a time. */
  brands: readonly BrandId[];
  copyFolder: string;
}

/**
 * What a build worker tells the server: that the copies are built and stored (it shares them,
 * `shared-copy.ts`, once the server says it read them), that sharing failed, or, before it ends
 * with an error, the error.
 */
export type BuildWorkerMessage = { built: true } | { warning: string } | { error: string };

/** What the server tells a build worker after `BuildWorkerData`: that it may share the copies. */
export interface ShareCopiesMessage {
  share: true;
}

/**
 * A process running `build-worker`, started by the launcher (`launcher/launcher.ts`: a fork of
 * this process, which holds the serving copies, blocked its event loop for 19-24 ms at a million
 * songs): the built file beside this one (`dist/build-worker.js`, see build.js), or, when the
 * server runs from its TypeScript source (tests, `pnpm dev`), the source file through tsx's
 * loader.
 *
 * A process rather than a thread of this one: what the build allocated outside the JavaScript
 * heap went back to the system only when the process ended, so a start at a million songs left
 * 70-150 MB more in the server than a restart did. Its young generation is several times V8's
 * default (semi-spaces of 64 MB): the build makes millions of short-lived strings and arrays, and
 * fewer of them live long enough to be copied into the old generation, whose collections then
 * mark less (a million songs read and built in 51-54 s instead of 56-57).
 */
function startWorker(): LaunchedProcess {
  const { module, execArgv } = helperEntry('build-worker', import.meta.url);
  return launch({ module, execArgv: ['--max-semi-space-size=64', ...execArgv] });
}

/**
 * Builds the brands' copies from PostgreSQL in a process of its own and stores them in
 * `copyFolder` (`stored-copy.ts`), where `whenBuilt` reads them: the rows, the build and its
 * garbage stay off this process's event loop and memory, and end with the worker. Resolves once
 * `whenBuilt` has; the worker then shares the copies through the database for other processes (a
 * failure there is told to `onWarning`) and ends. It shares them only then: sending a copy to
 * PostgreSQL keeps the worker and the database busy, and a read beside it waits for the cores
 * (three rebuilds at a million songs under light load: 75-82 blocks of the event loop over 9 ms
 * with the share beside the read, 51-53 with the read first). It ends with this process too (it
 * leaves when its message channel closes, and the launcher's closes when this process ends).
 */
export async function buildInWorker(
  data: BuildWorkerData,
  {
    onWarning,
    whenBuilt,
  }: { onWarning: (warning: string) => void; whenBuilt: () => Promise<void> },
): Promise<void> {
  const worker = startWorker();
  let failure: string | undefined;
  const built = new Promise<void>((resolve, reject) => {
    worker.on('message', (news) => {
      const message = news as BuildWorkerMessage;
      if ('built' in message) resolve();
      else if ('warning' in message) onWarning(message.warning);
      else failure = message.error;
    });
    worker.on('error', (error) => (failure ??= error.message));
    // Once built, the promise is settled and the exit changes nothing.
    worker.once('close', (code, signal) =>
      reject(
        new Error(
          `The catalogue build worker stopped (${signal ?? `code ${code}`})${failure ? `: ${failure}` : '.'}`,
        ),
      ),
    );
  });
  worker.send(data);
  await built;
  try {
    await whenBuilt();
  } finally {
    worker.send({ share: true } satisfies ShareCopiesMessage);
  }
}
