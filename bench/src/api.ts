import os from 'node:os';
import type { DatabaseOptions } from '@fansite/api/src/db/client.ts';
import { startCeiling } from './ceiling.ts';
import {
  REPEAT_REQUESTS,
  fastestPass,
  measureFirstPass,
  measureRoute,
  type FirstPass,
  type RouteMeasurement,
} from './http.ts';
import type { LoopBlocks } from './loop-blocks.ts';
import { measureRadioAlignment } from './radio-alignment.ts';
import { verdict } from './budgets.ts';
import { startBenchServer } from './server.ts';
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
/** The search flood: distinct searches at this rate for this long. */
const FLOOD_RATE = 2_000;
const FLOOD_SECONDS = 10;
export const FLOOD_SEARCHES = FLOOD_RATE * FLOOD_SECONDS;
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

type RouteFigures = {
  workload: Workload;
  first: FirstPass | null;
  /** One-minute load average when the route's first pass began (a shared machine). */
  load: number;
  repeat: FirstPass;
  bare: FirstPass;
  /**
   * The bare process asked each measured path once, as the first visit was: a pass of a few
   * hundred requests includes its ramp-up (connections, the load generator's start), so a first
   * visit is compared with a pass of the same length, not with the bare's long run.
   */
  bareFirst: FirstPass;
  steady: RouteMeasurement;
  /** The server's longest event-loop blocks during the steady run. */
  blocks: LoopBlocks;
};

/** "2.5 (0.6 / 1.9)": the longest block, the most own work in one, the collector's longest pause. */
function blockCell(blocks: LoopBlocks): string {
  return (
    `${blocks.maxBlockMs.toFixed(1)} ` +
    `(${blocks.maxOwnWorkMs.toFixed(1)} / ${blocks.longestCollectionMs.toFixed(1)})`
  );
}

function routeRow({
  workload,
  first,
  load,
  repeat,
  bare,
  bareFirst,
  steady,
  blocks,
}: RouteFigures): string[] {
  const ratio = (pass: FirstPass, ceiling = bare) =>
    (pass.perSecond / ceiling.perSecond).toFixed(2);
  return [
    workload.route,
    String(workload.paths.length),
    first ? `${first.perSecond.toFixed(0)} (${ratio(first, bareFirst)})` : '-',
    first ? first.p99Ms.toFixed(1) : '-',
    `${repeat.perSecond.toFixed(0)} (${ratio(repeat)})`,
    bare.perSecond.toFixed(0),
    `${steady.achievedPerSecond.toFixed(0)}/${workload.ratePerSecond}`,
    steady.p50Ms.toFixed(1),
    steady.p99Ms.toFixed(1),
    workload.p99BudgetMs === null ? '-' : `< ${workload.p99BudgetMs}`,
    String((first?.failed ?? 0) + repeat.failed + steady.non2xx + steady.errors),
    verdict(steady.passed),
    blockCell(blocks),
    load.toFixed(1),
  ];
}

/** Every route's warm-up paths (cycled), before anything on the server is measured. */
export async function warmUp(baseUrl: string, workloads: Workload[]): Promise<void> {
  for (const workload of workloads) {
    if (!workload.warmPaths.length) continue;
    await measureFirstPass(baseUrl, { ...workload, paths: workload.warmPaths }, WARM_UP_REQUESTS);
  }
}

/**
 * Distinct searches at 2,000/s for 10 s while playlists and songs are read at 200/s each: what a
 * search flood does to everyone else.
 */
async function benchmarkFlood(baseUrl: string, workloads: Workload[], floodPaths: string[]) {
  const others = workloads.filter((workload) =>
    ['playlist/get', 'song/get'].includes(workload.route),
  );
  const flood: Workload = {
    route: 'song/search (flood)',
    paths: floodPaths,
    warmPaths: [],
    ratePerSecond: FLOOD_RATE,
    p99BudgetMs: null,
  };
  const results = await Promise.all([
    measureRoute(baseUrl, flood, FLOOD_SECONDS),
    ...others.map((workload) =>
      measureRoute(baseUrl, { ...workload, ratePerSecond: FLOOD_OTHER_RATE }, FLOOD_SECONDS),
    ),
  ]);
  print(
    `Flood: ${floodPaths.length.toLocaleString('en-US')} distinct searches at ${FLOOD_RATE}/s ` +
      `for ${FLOOD_SECONDS} s, other routes at ${FLOOD_OTHER_RATE}/s each:`,
  );
  print(
    formatTable(
      ['route', 'achieved/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      results.map((result) => [
        result.workload.route,
        result.achievedPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        String(result.non2xx),
        String(result.errors),
      ]),
    ),
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
 * `whileWarm` measures more on the same server, warmed and before any route is measured.
 */
export async function benchmarkApi(
  label: string,
  database: DatabaseOptions,
  workloads: Workload[],
  songs: number,
  {
    floodPaths = null,
    whileWarm,
  }: { floodPaths?: string[] | null; whileWarm?: (baseUrl: string) => Promise<void> } = {},
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
    await whileWarm?.(server.baseUrl);
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
    if (floodPaths) await benchmarkFlood(server.baseUrl, workloads, floodPaths);

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
    print();
    print(
      formatTable(
        [
          'route',
          'paths',
          'first visit/s (÷ bare, same pass)',
          'first p99 ms',
          'repeat/s (÷ bare)',
          'bare/s',
          'at target/s',
          'p50 ms',
          'p99 ms',
          'budget ms',
          'failed',
          'result',
          'max block ms (own work / GC)',
          'load',
        ],
        figures.map(routeRow),
      ),
    );
    print();
    print(
      'first visit: every measured path once, at full speed, after the warm-up paths, beside ' +
        'the bare process asked the same paths once; at target: requests spread evenly over ' +
        'each second; max block: the longest stretch of event-loop work without a turn in the ' +
        'server during the run at target rate (docs/budgets.md); own work: the most the main ' +
        "thread spent on a CPU in one block outside the collector's pauses; GC: the collector's " +
        'longest pause; ' +
        'failed: answers other than 2xx, errors and timeouts in all three passes; ' +
        'load: 1-minute load average as the route began',
    );
    if (keptSearch?.bare) {
      const { kept, bare: keptBare } = keptSearch;
      const ratio = (kept.perSecond / keptBare.perSecond).toFixed(2);
      print(
        `${SEARCH_ROUTE} answered from the kept results ` +
          `(${KEPT_SEARCHES.toLocaleString('en-US')} searches asked before, fastest of ` +
          `${KEPT_PASSES} passes): ${kept.perSecond.toFixed(0)}/s, ` +
          `bare ${keptBare.perSecond.toFixed(0)}/s (${ratio}): ` +
          'a first visit does this work and the search too, so it cannot be faster',
      );
    }
    print(
      `A new serving copy built while serving (version bumped): ${rebuild.seconds.toFixed(1)} s, ` +
        `longest event-loop block ${blockCell(rebuild.blocks)} ms (load ${rebuildLoad.toFixed(1)})`,
    );
    print(
      `Radio: two listeners apart by ${alignment.medianMs.toFixed(1)} ms (median), ` +
        `${alignment.maxMs.toFixed(1)} ms at most, over ${alignment.samples} samples`,
    );
    print();
  } finally {
    await server.stop();
  }
}
