import type { LoopBlocks } from './loop-blocks.ts';
import { verdict } from './budgets.ts';
import type { FirstPass, RouteMeasurement } from './http.ts';
import type { RadioAlignment } from './radio-alignment.ts';
import { formatTable, print } from './table.ts';
import type { Workload } from './workloads.ts';

export type RouteFigures = {
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

/** The API run's report: the routes' table, then the figures that are not a route's. */
export function printApiReport({
  figures,
  keptSearch,
  rebuild,
  alignment,
}: {
  figures: RouteFigures[];
  /**
   * The search route answered from kept results (its paths asked before), the fastest of
   * `passes`, and the bare process's fastest on the same paths.
   */
  keptSearch: { workload: Workload; kept: FirstPass; bare: FirstPass; passes: number } | null;
  /** A new serving copy built while serving, and the one-minute load average as it began. */
  rebuild: { seconds: number; blocks: LoopBlocks; load: number };
  alignment: RadioAlignment;
}): void {
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
  if (keptSearch) {
    const { workload, kept, bare: keptBare, passes } = keptSearch;
    const ratio = (kept.perSecond / keptBare.perSecond).toFixed(2);
    print(
      `${workload.route} answered from the kept results ` +
        `(${workload.paths.length.toLocaleString('en-US')} searches asked before, fastest of ` +
        `${passes} passes): ${kept.perSecond.toFixed(0)}/s, ` +
        `bare ${keptBare.perSecond.toFixed(0)}/s (${ratio}): ` +
        'a first visit does this work and the search too, so it cannot be faster',
    );
  }
  print(
    `A new serving copy built while serving (version bumped): ${rebuild.seconds.toFixed(1)} s, ` +
      `longest event-loop block ${blockCell(rebuild.blocks)} ms (load ${rebuild.load.toFixed(1)})`,
  );
  print(
    `Radio: two listeners apart by ${alignment.medianMs.toFixed(1)} ms (median), ` +
      `${alignment.maxMs.toFixed(1)} ms at most, over ${alignment.samples} samples`,
  );
}
