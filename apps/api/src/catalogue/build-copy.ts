import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { BrandId } from '@fansite/brand-config';
import type { AppDb } from '../db/client.ts';
import { loadCatalogueRows } from '../repositories/catalogue-rows.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { SongColumns } from './song-columns.ts';

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

/** What a build worker is given (`build-worker.ts`). */
export interface BuildWorkerData {
  databaseUrl: string;
  /** Built one after the other: the worker holds one copy at a time. */
  brands: readonly BrandId[];
  copyFolder: string;
}

/**
 * A worker running `build-worker`: the built file beside this one (`dist/build-worker.js`, see
 * build.js), or, when the server runs from its TypeScript source (tests, `pnpm dev`), the source
 * file after tsx's loader is registered in the worker, as `node --import tsx` does for a process
 * (a worker's own `execArgv` takes no `--import`).
 */
function startWorker(data: BuildWorkerData): Worker {
  // A young generation of 192 MB, several times V8's default: the build makes millions of
  // short-lived strings and arrays, and fewer of them live long enough to be copied into the old
  // generation, whose collections then mark less (a million songs read and built in 51-54 s
  // instead of 56-57).
  const resourceLimits = { maxYoungGenerationSizeMb: 192 };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./build-worker.js', import.meta.url), {
      workerData: data,
      resourceLimits,
    });
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./build-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => {
      register();
      return import(${JSON.stringify(entry)});
    });`,
    { eval: true, workerData: data, resourceLimits },
  );
}

/**
 * Builds the brands' copies from PostgreSQL in a worker thread and stores them in `copyFolder`
 * (`stored-copy.ts`), where the caller reads them: the rows, the build and its garbage stay off
 * this thread's event loop and heap, and end with the worker.
 */
export async function buildInWorker(data: BuildWorkerData): Promise<void> {
  const worker = startWorker(data);
  const [code] = (await once(worker, 'exit')) as [number];
  if (code !== 0) throw new Error(`The catalogue build worker stopped with code ${code}.`);
}
