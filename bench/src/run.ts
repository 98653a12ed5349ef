/**
 * `pnpm bench`: measures the budgets of docs/budgets.md and writes its figures there, part by
 * part (report.ts). The parts: the pages' JavaScript (bundle-report.ts), Lighthouse
 * (lighthouse-pages.ts), the API's routes on each database beside the bare ceiling (api.ts,
 * ceiling.ts), fresh renders (render.ts), a million songs (million.ts) and the song maker
 * (maker.ts). See the README for the environment variables that choose among them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { FLOOD_SEARCHES, MEASURE_SECONDS, WARM_UP_SECONDS, benchmarkApi } from './api.ts';
import { benchmarkInitialJavaScript, benchmarkSongPageJavaScript } from './bundle-report.ts';
import { benchmarkLighthouse } from './lighthouse-pages.ts';
import { benchmarkMaker } from './maker.ts';
import { measureMillion, printMillion } from './million.ts';
import { benchmarkFreshRenders, benchmarkFreshRendersAlone } from './render.ts';
import { reportSection } from './report.ts';
import { print } from './table.ts';
import { printBuiltServerStarts } from './start-figures.ts';
import { buildWorkloads, floodSearchPaths } from './workloads.ts';

/** The budgets of docs/budgets.md are stated for the demo catalogue grown to this size. */
const CATALOGUE_SONGS = 100_000;
/** The catalogue the million-song run imports into PostgreSQL (BENCH_MILLION=1). */
const MILLION_SONGS = 1_000_000;

/**
 * The million-song figures that are not a route's: import, the built server's start and memory,
 * reads during an import, memory while the imported copy is built.
 */
async function benchmarkMillionStart(postgresUrl: string, catalogue: CatalogueFile) {
  const songGet = buildWorkloads(catalogue).find((workload) => workload.route === 'song/get')!;
  print('A million songs: importing, starting the built server (apps/api/dist, build it first)...');
  printMillion(await measureMillion(postgresUrl, catalogue, songGet));
}

/**
 * The API's reads at a million songs on PostgreSQL, and the search flood (the search budget
 * is stated at this size). Reads only: rendered pages are measured at 100,000 songs, and
 * capturing a page per path for the bare process would hold gigabytes here.
 */
function benchmarkMillionRoutes(postgresUrl: string, catalogue: CatalogueFile) {
  const reads = buildWorkloads(catalogue).filter((workload) => !workload.route.startsWith('page '));
  return benchmarkApi('PostgreSQL, a million songs', { url: postgresUrl }, reads, MILLION_SONGS, {
    floodPaths: floodSearchPaths(catalogue, FLOOD_SEARCHES),
  });
}

async function benchmarkPages() {
  const homeMeasured = await benchmarkInitialJavaScript();
  print();
  await benchmarkSongPageJavaScript();
  return homeMeasured;
}

async function main() {
  // `pnpm bench maker` measures the song maker alone.
  if (process.argv[2] === 'maker') {
    await reportSection('maker', benchmarkMaker);
    return;
  }
  // `pnpm bench million` prints the million-song table alone, `pnpm bench million routes` the
  // API's routes at a million songs alone (BENCH_DATABASE_URL).
  if (process.argv[2] === 'million') {
    const postgresUrl = process.env.BENCH_DATABASE_URL;
    if (!postgresUrl) throw new Error('Set BENCH_DATABASE_URL to a throwaway PostgreSQL database.');
    const catalogue = generateDemoCatalogue({ songs: MILLION_SONGS });
    if (process.argv[3] === 'routes') {
      await reportSection('api-million', () => benchmarkMillionRoutes(postgresUrl, catalogue));
    } else {
      await reportSection('million-start', () => benchmarkMillionStart(postgresUrl, catalogue));
    }
    return;
  }
  // `pnpm bench javascript` measures the pages' initial JavaScript alone (the built apps).
  if (process.argv[2] === 'javascript') {
    await reportSection('initial-javascript', benchmarkPages);
    return;
  }
  // `pnpm bench render` measures fresh renders of the main site's pages alone.
  if (process.argv[2] === 'render') {
    const catalogue = generateDemoCatalogue({ songs: CATALOGUE_SONGS });
    await reportSection('fresh-render', () => benchmarkFreshRendersAlone(catalogue));
    return;
  }
  print(
    `fansite benchmark: Node ${process.version}, ${os.cpus().length} cores; ` +
      `${MEASURE_SECONDS} s per route after a ${WARM_UP_SECONDS} s warm-up, 127.0.0.1 only`,
  );
  print();
  // BENCH_LIGHTHOUSE_ONLY=1 runs Lighthouse alone.
  if (process.env.BENCH_LIGHTHOUSE_ONLY) {
    await reportSection('lighthouse', benchmarkLighthouse);
    return;
  }
  // BENCH_API_ONLY=1 skips the page measurements (built apps, Lighthouse).
  const measurePages = !process.env.BENCH_API_ONLY;
  if (measurePages) {
    await reportSection('initial-javascript', benchmarkPages);
    print();
    await reportSection('lighthouse', benchmarkLighthouse);
    print();
  }

  // Generated here too (it is deterministic) to pick real ids and words for the requests.
  const catalogue = generateDemoCatalogue({ songs: CATALOGUE_SONGS });
  // BENCH_ROUTES=song/get,song/search measures those routes alone: a partial run, printed only.
  const routes = process.env.BENCH_ROUTES?.split(',');
  const complete = !routes && measurePages;
  // Pages are rendered from the built main site, which BENCH_API_ONLY=1 does not build.
  const workloads = buildWorkloads(catalogue).filter(
    (workload) =>
      (!routes || routes.includes(workload.route)) &&
      (measurePages || !workload.route.startsWith('page ')),
  );
  const floodPaths = floodSearchPaths(catalogue, FLOOD_SEARCHES);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-'));
  try {
    // BENCH_SKIP_PGLITE=1 measures PostgreSQL alone.
    if (!process.env.BENCH_SKIP_PGLITE) {
      await reportSection(
        'api-pglite',
        async () => {
          await benchmarkApi(
            'PGlite (fresh, in a temporary folder)',
            { dataDir },
            workloads,
            CATALOGUE_SONGS,
            { floodPaths },
          );
          await printBuiltServerStarts({ dataDir });
        },
        { write: complete },
      );
      // The built server on the same database: pages it has never rendered.
      if (complete) {
        await reportSection('fresh-render', () => benchmarkFreshRenders(dataDir, catalogue));
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    print('BENCH_DATABASE_URL is set: its catalogue is replaced by the demo catalogue.');
    await reportSection(
      'api-postgresql',
      async () => {
        await benchmarkApi(
          'PostgreSQL (BENCH_DATABASE_URL)',
          { url: postgresUrl },
          workloads,
          CATALOGUE_SONGS,
          {
            floodPaths,
          },
        );
        await printBuiltServerStarts({ url: postgresUrl });
      },
      { write: complete },
    );
    if (process.env.BENCH_MILLION) {
      const millionCatalogue = generateDemoCatalogue({ songs: MILLION_SONGS });
      await reportSection('million-start', () =>
        benchmarkMillionStart(postgresUrl, millionCatalogue),
      );
      await reportSection('api-million', () =>
        benchmarkMillionRoutes(postgresUrl, millionCatalogue),
      );
    } else {
      print('Set BENCH_MILLION=1 as well to import and serve a million songs on PostgreSQL.');
    }
  } else {
    print('Set BENCH_DATABASE_URL to a throwaway PostgreSQL database to measure it as well.');
  }
  print();
  // BENCH_API_ONLY=1 skips the song maker too.
  if (measurePages) await reportSection('maker', benchmarkMaker);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
