import { openSync, readSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** The longest event-loop blocks since the last reset, in milliseconds. */
export type LoopBlocks = {
  /** The longest block, whatever it was made of. */
  maxBlockMs: number;
  /**
   * The most work the server did itself in one block: its main thread's time on a CPU, less the
   * collector's pauses in it. A request's handling, several requests answered in one turn, a
   * chain of database statements; also the steps of incremental marking that the main thread
   * takes while it allocates, which the runtime does not report as pauses.
   */
  maxOwnWorkMs: number;
  /** The collector's longest pause, young or old generation. */
  longestCollectionMs: number;
};

/** Blocks shorter than this cannot be the longest; only longer ones are kept for the reading. */
const KEPT_BLOCK_MS = 1;

type Block = { start: number; end: number; activeMs: number; onCpuMs: number };

/**
 * Watches the event loop of the process it runs in. A block is the loop's active time between
 * two turns of a 1 ms timer, from its utilization (time outside the wait for events): not the
 * time between the turns, nor the delay histogram's, because a loop waiting for events on an
 * idle virtual machine is woken milliseconds late (a process doing nothing else sees gaps of
 * 3-5 ms), which is waiting, not work.
 *
 * A block's active time still holds two things that are not the server's own work: the
 * collector's pauses (the runtime reports each one), and time the main thread spent ready but
 * off the CPU, its core taken by another thread (the load generator, the collector's and the
 * compiler's helpers on a 2-core machine). Linux counts a thread's time on a CPU in
 * `/proc/thread-self/schedstat`, read at each turn; elsewhere the whole block counts as on a CPU.
 */
export function watchLoopBlocks() {
  const onCpuMs = mainThreadOnCpu();
  let maxShortBlockMs = 0;
  let blocks: Block[] = [];
  let collections: { start: number; end: number }[] = [];
  let lastTurn = 0;
  let lastUtilization = performance.eventLoopUtilization();
  let lastOnCpuMs = 0;
  let startedAt = 0;
  let timer: NodeJS.Timeout | undefined;

  // Entries come a turn or more after their pause: they are matched with blocks when read, and
  // one that arrives after the start may be of a pause before it, which does not count.
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration;
      if (end > startedAt) collections.push({ start: Math.max(entry.startTime, startedAt), end });
    }
  });

  const turn = () => {
    const now = performance.now();
    const utilization = performance.eventLoopUtilization();
    const activeMs = utilization.active - lastUtilization.active;
    const cpuMs = onCpuMs();
    if (activeMs > KEPT_BLOCK_MS) {
      blocks.push({ start: lastTurn, end: now, activeMs, onCpuMs: cpuMs - lastOnCpuMs });
    } else {
      maxShortBlockMs = Math.max(maxShortBlockMs, activeMs);
    }
    lastTurn = now;
    lastUtilization = utilization;
    lastOnCpuMs = cpuMs;
  };

  const collectingIn = (block: Block) => {
    let collectingMs = 0;
    for (const collection of collections) {
      const overlap = Math.min(block.end, collection.end) - Math.max(block.start, collection.start);
      if (overlap > 0) collectingMs += overlap;
    }
    return collectingMs;
  };

  const read = (): LoopBlocks => {
    let maxBlockMs = maxShortBlockMs;
    let maxOwnWorkMs = maxShortBlockMs;
    for (const block of blocks) {
      maxBlockMs = Math.max(maxBlockMs, block.activeMs);
      const ownWorkMs = Math.min(block.activeMs - collectingIn(block), block.onCpuMs);
      maxOwnWorkMs = Math.max(maxOwnWorkMs, ownWorkMs);
    }
    let longestCollectionMs = 0;
    for (const collection of collections) {
      longestCollectionMs = Math.max(longestCollectionMs, collection.end - collection.start);
    }
    return { maxBlockMs, maxOwnWorkMs, longestCollectionMs };
  };

  return {
    /**
     * Starts watching afresh. The watch has a cost (a timer turn and a file read every
     * millisecond: 8% of the server's time in a profile under full load), so it runs only
     * between `start` and `stop`, never while throughput is measured beside the bare process.
     */
    start() {
      maxShortBlockMs = 0;
      blocks = [];
      collections = [];
      lastTurn = performance.now();
      lastUtilization = performance.eventLoopUtilization();
      lastOnCpuMs = onCpuMs();
      startedAt = lastTurn;
      clearInterval(timer);
      timer = setInterval(turn, 1).unref();
      observer.observe({ entryTypes: ['gc'] });
    },
    /** Stops watching; the longest blocks since `start`. */
    stop(): LoopBlocks {
      clearInterval(timer);
      timer = undefined;
      observer.disconnect();
      return read();
    },
  };
}

/**
 * The main thread's time on a CPU so far, in milliseconds (the first field of its schedstat, in
 * nanoseconds), or, where there is no such file, the time since the process began: then a
 * block's whole active time counts as on a CPU.
 */
function mainThreadOnCpu(): () => number {
  let file: number;
  try {
    // `thread-self` names the thread that opens it: the main thread, which runs the loop.
    file = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => performance.now();
  }
  const bytes = Buffer.alloc(80);
  return () => {
    const length = readSync(file, bytes, 0, bytes.length, 0);
    return Number(bytes.toString('latin1', 0, length).split(' ')[0]) / 1e6;
  };
}
