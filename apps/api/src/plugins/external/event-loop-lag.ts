import { monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';

/** How often the delay histogram's own timer fires, in milliseconds. */
const RESOLUTION_MS = 10;

/**
 * The event loop's lag over one sampling interval, in milliseconds.
 *
 * The histogram's timer fires every `RESOLUTION_MS`; each sample is the time since its previous
 * firing, so the mean past the resolution is how late the loop ran it. After a reset the first
 * firing records nothing (there is no previous one to measure from), so an interval in which the
 * timer ran once or not at all holds no sample and its mean is NaN. That happens when the process
 * is starved on a loaded machine as well as when the loop is stuck; @fastify/under-pressure reads
 * it as an infinite delay and refuses everything. Here an empty interval is judged by the one
 * timer that surely ran, the sampler's own: how late it fired (`samplerLateMs`). That lateness
 * also counts when the histogram has samples, because one long block between two samples is
 * diluted in their mean but is what a request arriving then had to wait.
 */
export function intervalLagMs(
  histogram: Pick<Histogram, 'count' | 'mean'>,
  samplerLateMs: number,
): number {
  const histogramLag = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : 0;
  return Math.max(0, histogramLag, samplerLateMs);
}

export interface EventLoopLagMonitor {
  /** The lag measured over the last complete interval, in milliseconds. */
  lagMs(): number;
  stop(): void;
}

/** Measures the event loop's lag every `intervalMs` (see `intervalLagMs`). */
export function monitorEventLoopLag(intervalMs: number): EventLoopLagMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lag = 0;
  let sampledAt = performance.now();
  const timer = setTimeout(function sample() {
    const now = performance.now();
    lag = intervalLagMs(histogram, now - sampledAt - intervalMs);
    histogram.reset();
    sampledAt = now;
    timer.refresh();
  }, intervalMs);
  // A server with nothing else to do may exit; the sampler does not keep it alive.
  timer.unref();
  return {
    lagMs: () => lag,
    stop() {
      clearTimeout(timer);
      histogram.disable();
    },
  };
}
