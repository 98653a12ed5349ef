import { once } from 'node:events';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { headersFor } from './addresses.ts';
import type { PacedLoad, PacedResult } from './paced-load.ts';
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
/** Requests per route at full speed for the repeat and bare figures, whatever its path count. */
export const REPEAT_REQUESTS = 5_000;
const pacedLoadPath = new URL('./paced-load.ts', import.meta.url);

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
            setupRequest: (request) => {
              const path = workload.paths[cursor++ % workload.paths.length]!;
              return {
                ...request,
                path,
                headers: { ...request.headers, ...headersFor(workload, path) },
              };
            },
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
 * Sends the workload's paths in turn for `durationSeconds`, spread evenly over time at its rate
 * (see `paced-load.ts`), from a process of its own: this one holds the whole demo catalogue, and
 * its collections would hold answers back and count as the server's latency.
 */
export async function measureRoute(
  baseUrl: string,
  workload: Workload,
  durationSeconds: number,
): Promise<RouteMeasurement> {
  const child = fork(pacedLoadPath, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answered = once(child, 'message') as Promise<[PacedResult]>;
  const exited = once(child, 'exit');
  child.send({
    baseUrl,
    paths: workload.paths,
    ratePerSecond: workload.ratePerSecond,
    durationSeconds,
    connections: CONNECTIONS,
    timeoutMs: REQUEST_TIMEOUT_S * 1000,
    ...(workload.headers ? { headers: workload.headers } : {}),
    ...(workload.ownAddresses ? { ownAddresses: true } : {}),
  } satisfies PacedLoad);
  const [result] = await Promise.race([
    answered,
    exited.then(([code]) => {
      throw new Error(`the load process exited with code ${code} before it answered`);
    }),
  ]);
  await exited;

  const achievedPerSecond = result.requests / result.duration;
  const passed =
    workload.p99BudgetMs === null
      ? null
      : result.p99Ms < workload.p99BudgetMs &&
        result.non2xx === 0 &&
        result.errors === 0 &&
        achievedPerSecond >= workload.ratePerSecond * MIN_RATE_SHARE;
  return {
    workload,
    achievedPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    passed,
  };
}

/** The fastest of `passes` passes of `REPEAT_REQUESTS` requests over a workload's paths. */
export async function fastestPass(
  baseUrl: string,
  workload: Workload,
  passes: number,
): Promise<FirstPass> {
  let fastest: FirstPass | null = null;
  for (let pass = 0; pass < passes; pass++) {
    const figures = await measureFirstPass(baseUrl, workload, REPEAT_REQUESTS);
    if (!fastest || figures.perSecond > fastest.perSecond) fastest = figures;
  }
  return fastest!;
}
