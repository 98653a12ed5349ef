import autocannon from 'autocannon';
import type { Workload } from './workloads.ts';

/** The first request for each of a workload's paths, sent as fast as the server answers. */
export type FirstPass = {
  requests: number;
  perSecond: number;
  p99Ms: number;
  /** Answers other than 2xx, connection errors and timeouts: a fast failure is no figure. */
  failed: number;
};

export type RouteMeasurement = {
  workload: Workload;
  achievedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  passed: boolean | null;
};

/** Below this share of the target rate the server did not keep up, whatever its latency. */
const MIN_RATE_SHARE = 0.95;
const CONNECTIONS = 10;
const REQUEST_TIMEOUT_S = 5;

/**
 * Requests every path of the workload once, with no rate limit: what a freshly started server
 * (or one that has just imported a catalogue) costs before its caches hold the answers.
 */
export async function measureFirstPass(
  baseUrl: string,
  workload: Workload,
  minimumRequests = 0,
): Promise<FirstPass> {
  let cursor = 0;
  const amount = Math.max(workload.paths.length, minimumRequests);
  const connections = Math.min(CONNECTIONS, amount);
  let lastResponseAt = 0;
  const startedAt = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        amount,
        timeout: REQUEST_TIMEOUT_S,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: workload.paths[cursor++ % workload.paths.length],
            }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', () => (lastResponseAt = performance.now()));
  });
  // autocannon counts its duration in whole seconds and its latencies in whole milliseconds, both
  // too coarse for runs of a second or two: the rate is timed here, to the last response.
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / ((lastResponseAt - startedAt) / 1000),
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Sends the workload's paths in turn, at its fixed rate, for `durationSeconds`. A shared cursor
 * hands each request the next path, so every connection walks different rows.
 */
export async function measureRoute(
  baseUrl: string,
  workload: Workload,
  durationSeconds: number,
): Promise<RouteMeasurement> {
  let cursor = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationSeconds,
    overallRate: workload.ratePerSecond,
    timeout: REQUEST_TIMEOUT_S,
    // autocannon corrects for coordinated omission with an expected interval of 1 ms, which
    // back-fills every slower response with made-up samples; raw latencies plus the achieved
    // rate check below say more about whether the server kept up.
    ignoreCoordinatedOmission: true,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: workload.paths[cursor++ % workload.paths.length],
        }),
      },
    ],
  });

  const achievedPerSecond = result.requests.total / result.duration;
  const errors = result.errors + result.timeouts;
  const passed =
    workload.p99BudgetMs === null
      ? null
      : result.latency.p99 < workload.p99BudgetMs &&
        result.non2xx === 0 &&
        errors === 0 &&
        achievedPerSecond >= workload.ratePerSecond * MIN_RATE_SHARE;
  return {
    workload,
    achievedPerSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors,
    passed,
  };
}
