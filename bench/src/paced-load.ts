import http from 'node:http';
import { headersFor } from './addresses.ts';

/** What the worker is asked to send. */
export type PacedLoad = {
  baseUrl: string;
  paths: string[];
  ratePerSecond: number;
  durationSeconds: number;
  connections: number;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Each path sent from an address of its own (`addresses.ts`). */
  ownAddresses?: boolean;
};

/** What it measured: answered requests, latency percentiles, failures. */
export type PacedResult = {
  requests: number;
  duration: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};

/**
 * Sends `paths` in turn for `durationSeconds`, spread evenly over time at `ratePerSecond`: each
 * request goes out when it is due, answered or not the ones before it (visitors do not wait for
 * each other), over at most `connections` kept-alive connections; a request that waits for a
 * free connection counts that wait in its latency, timed from when it was sent.
 *
 * autocannon's rate limit is not used: it lets each connection send its whole second's share back
 * to back at the top of every second, then stay silent, a burst of the full rate that no audience
 * makes, and the latency and the server's event-loop figures measured the burst, not the rate.
 */
async function sendPaced(load: PacedLoad): Promise<PacedResult> {
  const { hostname, port } = new URL(load.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const total = Math.round(load.ratePerSecond * load.durationSeconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const startedAt = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let settled = 0;
    const send = (path: string) => {
      const sentAt = performance.now();
      let done = false;
      const settle = (failed: boolean) => {
        if (done) return;
        done = true;
        if (failed) errors++;
        else latencies.push(performance.now() - sentAt);
        if (++settled === total) resolve();
      };
      const request = http.get(
        {
          hostname,
          port,
          path,
          agent,
          timeout: load.timeoutMs,
          headers: headersFor(load, path),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) non2xx++;
          response.on('end', () => settle(false));
          response.on('error', () => settle(true));
          response.resume();
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => settle(true));
    };
    const sendDue = () => {
      const elapsedSeconds = (performance.now() - startedAt) / 1000;
      const due = Math.min(total, Math.floor(elapsedSeconds * load.ratePerSecond));
      for (; sent < due; sent++) send(load.paths[sent % load.paths.length]!);
      if (sent < total) setTimeout(sendDue, 1);
    };
    sendDue();
  });
  agent.destroy();
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    requests: latencies.length,
    duration: Math.max(load.durationSeconds, elapsedSeconds),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    non2xx,
    errors,
  };
}

// Run as a child process of the bench: told what to send, it answers with what it measured.
process.once('message', (load: PacedLoad) => {
  void sendPaced(load).then((result) => process.send!(result, () => process.disconnect()));
});
