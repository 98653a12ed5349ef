// The part of autocannon 9's API the benchmark uses; the package ships no types and
// @types/autocannon is not a dependency.
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Request extends RequestParams {
    /** Called before each send; returns the request to send. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    overallRate?: number;
    ignoreCoordinatedOmission?: boolean;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
  }

  /** Latencies in milliseconds, request counts per second. */
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
