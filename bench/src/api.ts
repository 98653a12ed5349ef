import os from 'node:os';
import type { DatabaseOptions } from '@fansite/api/src/db/client.ts';
import { startCeiling } from './ceiling.ts';
import {
  REPEAT_REQUESTS,
  fastestPass,
  measureFirstPass,
  measureRoute,
  type FirstPass,
} from './http.ts';
import { printApiReport, type RouteFigures } from './api-report.ts';
import { measureRadioAlignment } from './radio-alignment.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { formatTable, print } from './table.ts';
import type { Workload } from './workloads.ts';

/**
 * Before anything is measured, every route answers its warm-up paths (disjoint from the measured
 * ones), so the first visits are measured on a process in service, as an outsider would meet it,
 * not on its JIT warming up. After one request for every measured path (the first pass), run at
 * the target rate before measuring: the budgets are for a server in service.
 */
export const WARM_UP_SECONDS = 2;
export const MEASURE_SECONDS = 10;
/** Requests per route on its warm-up paths (cycled) before any first visit is measured. */
const WARM_UP_REQUESTS = 5_000;
/** With fewer measured paths than this, a route has no first-visit pass worth a rate. */
const MIN_FIRST_VISIT_PATHS = 100;
/**
 * The search flood: distinct searches at this rate for this long, after other distinct searches at
 * the same rates (its warm-up, as every route has one). The flood follows a rebuild, whose
 * aftermath at a million songs lasts 3-4 s (the new copy shared, the old one collected): 2 s of
 * warm-up left the first second of the flood waiting on it.
 */
const FLOOD_RATE = 2_000;
const FLOOD_SECONDS = 10;
const FLOOD_WARM_UP_SECONDS = 5;
const FLOOD_WARM_UP_SEARCHES = FLOOD_RATE * FLOOD_WARM_UP_SECONDS;
export const FLOOD_SEARCHES = FLOOD_WARM_UP_SEARCHES + FLOOD_RATE * FLOOD_SECONDS;
const FLOOD_OTHER_RATE = 200;
/**
 * Searches asked again, fewer than the server keeps (2,000 a brand): each is answered from the
 * kept results, with no search at all. A first visit does that work and the search too, so the
 * kept searches' rate beside the bare process is the most a first visit's ratio can reach.
 */
const KEPT_SEARCHES = 1_000;
/** Passes of the kept searches (and of the bare process on them); the fastest one counts. */
const KEPT_PASSES = 3;
const SEARCH_ROUTE = 'song/search';

/** Every route's warm-up paths (cycled), before anything on the server is measured. */
export async function warmUp(baseUrl: string, workloads: Workload[]): Promise<void> {
  for (const workload of workloads) {
    if (!workload.warmPaths.length) continue;
    await measureFirstPass(baseUrl, { ...workload, paths: workload.warmPaths }, WARM_UP_REQUESTS);
  }
}

/**
 * Distinct searches at 2,000/s for 10 s while playlists and songs are read at 200/s each: what a
 * search flood does to everyone else, and the server's longest event-loop block meanwhile (which
 * says whether a slow answer waited on the loop). It follows a rebuild: its first seconds, other
 * distinct searches at the same rates, are the flood's warm-up and are printed on their own, as
 * the rebuild's aftermath (on PostgreSQL the new copy shared, both cores busy; a new search index
 * whose kept word bitmaps are empty).
 */
async function benchmarkFlood(server: BenchServer, workloads: Workload[], floodPaths: string[]) {
  const { baseUrl } = server;
  const others = workloads.filter((workload) =>
    ['playlist/get', 'song/get'].includes(workload.route),
  );
  /** The flood on `paths` and the other routes beside it, each row's route followed by `label`. */
  const run = async (paths: string[], seconds: number, label: string) => {
    const flood: Workload = {
      route: 'song/search (flood)',
      paths,
      warmPaths: [],
      ratePerSecond: FLOOD_RATE,
      p99BudgetMs: null,
    };
    const results = await Promise.all([
      measureRoute(baseUrl, flood, seconds),
      ...others.map((workload) =>
        measureRoute(baseUrl, { ...workload, ratePerSecond: FLOOD_OTHER_RATE }, seconds),
      ),
    ]);
    return results.map((result) => ({ route: `${result.workload.route}${label}`, result }));
  };
  const warmUpPaths = floodPaths.slice(0, FLOOD_WARM_UP_SEARCHES);
  const measuredPaths = floodPaths.slice(FLOOD_WARM_UP_SEARCHES);
  const afterRebuild = await run(
    warmUpPaths,
    FLOOD_WARM_UP_SECONDS,
    `, first ${FLOOD_WARM_UP_SECONDS} s`,
  );
  server.watchLoop();
  const measured = await run(measuredPaths, FLOOD_SECONDS, '');
  const blocks = await server.loopBlocks();
  print(
    `Flood: ${measuredPaths.length.toLocaleString('en-US')} distinct searches at ${FLOOD_RATE}/s ` +
      `for ${FLOOD_SECONDS} s, other routes at ${FLOOD_OTHER_RATE}/s each, after a warm-up of ` +
      `${FLOOD_WARM_UP_SECONDS} s (${warmUpPaths.length.toLocaleString('en-US')} other searches, ` +
      `the first rows: the ${FLOOD_WARM_UP_SECONDS} s just after a rebuild):`,
  );
  print(
    formatTable(
      ['route', 'achieved/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      [...afterRebuild, ...measured].map(({ route, result }) => [
        route,
        result.achievedPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        String(result.non2xx),
        String(result.errors),
      ]),
    ),
  );
  print(
    `Longest event-loop block during the flood: ${blocks.maxBlockMs.toFixed(1)} ms (own work ` +
      `${blocks.maxOwnWorkMs.toFixed(1)} ms, the collector's longest pause ` +
      `${blocks.longestCollectionMs.toFixed(1)} ms)`,
  );
}

/**
 * The search route answered from its kept results; null when the search route is not run. A
 * bound, so the fastest pass counts: one pass met by a full collection reads half as fast.
 */
async function measureKeptSearches(baseUrl: string, workloads: Workload[]) {
  const search = workloads.find((workload) => workload.route === SEARCH_ROUTE);
  if (!search) return null;
  const workload = { ...search, paths: search.paths.slice(0, KEPT_SEARCHES) };
  // A search's results are kept from its second read on.
  await measureFirstPass(baseUrl, workload);
  await measureFirstPass(baseUrl, workload);
  return {
    workload,
    kept: await fastestPass(baseUrl, workload, KEPT_PASSES),
    bare: null as FirstPass | null,
  };
}

/**
 * The API at `songs` songs on one database: each route's first visits, repeats and run at its
 * target rate beside the bare ceiling, its event-loop blocks, the search answered from kept
 * results, the radio's alignment, a rebuild while serving and (with `floodPaths`) a search flood.
 */
export async function benchmarkApi(
  label: string,
  database: DatabaseOptions,
  workloads: Workload[],
  songs: number,
  { floodPaths = null }: { floodPaths?: string[] | null } = {},
) {
  print(`API on ${label}: importing ${songs.toLocaleString('en-US')} demo songs...`);
  const server = await startBenchServer(database, songs);
  try {
    print(
      `imported in ${server.importSeconds.toFixed(1)} s; started (catalogue copy built) in ` +
        `${server.startSeconds.toFixed(1)} s; memory after start: RSS ` +
        `${server.rssMb.toFixed(0)} MB, heap ${server.heapMb.toFixed(0)} MB`,
    );
    await warmUp(server.baseUrl, workloads);
    const measured: Omit<RouteFigures, 'bare' | 'bareFirst'>[] = [];
    for (const workload of workloads) {
      // Never-seen paths first, at full speed; then the same paths again; then at the target rate.
      const load = os.loadavg()[0]!;
      const first =
        workload.paths.length >= MIN_FIRST_VISIT_PATHS
          ? await measureFirstPass(server.baseUrl, workload)
          : null;
      const repeat = await measureFirstPass(server.baseUrl, workload, REPEAT_REQUESTS);
      await measureRoute(server.baseUrl, workload, WARM_UP_SECONDS);
      server.watchLoop();
      const steady = await measureRoute(server.baseUrl, workload, MEASURE_SECONDS);
      const blocks = await server.loopBlocks();
      measured.push({ workload, first, load, repeat, steady, blocks });
    }
    const keptSearch = await measureKeptSearches(server.baseUrl, workloads);
    const alignment = await measureRadioAlignment(server.baseUrl);
    const rebuildLoad = os.loadavg()[0]!;
    const rebuild = await server.rebuild();
    if (floodPaths) await benchmarkFlood(server, workloads, floodPaths);

    const bare = await startCeiling(server.baseUrl, workloads);
    const figures: RouteFigures[] = [];
    try {
      for (const entry of measured) {
        await measureFirstPass(bare.baseUrl, entry.workload, REPEAT_REQUESTS); // warm-up
        const bareFigures = await measureFirstPass(bare.baseUrl, entry.workload, REPEAT_REQUESTS);
        const bareFirst = await measureFirstPass(bare.baseUrl, entry.workload);
        figures.push({ ...entry, bare: bareFigures, bareFirst });
      }
      if (keptSearch) {
        keptSearch.bare = await fastestPass(bare.baseUrl, keptSearch.workload, KEPT_PASSES);
      }
    } finally {
      await bare.stop();
    }
    printApiReport({
      figures,
      keptSearch: keptSearch?.bare
        ? { ...keptSearch, bare: keptSearch.bare, passes: KEPT_PASSES }
        : null,
      rebuild: { ...rebuild, load: rebuildLoad },
      alignment,
    });
    print();
  } finally {
    await server.stop();
  }
}
