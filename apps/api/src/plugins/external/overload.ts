import { API_PREFIX, calls } from '@fansite/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { sendEnvelope } from '../app/envelope.ts';
import { monitorEventLoopLag, type EventLoopLagMonitor } from './event-loop-lag.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts an early `setnewsong` of the request's address; refused past the per-minute limit. */
    countEarlyRadioWrite(
      request: FastifyRequest,
    ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  }
}

export interface OverloadOptions {
  /** Searches one address may send per minute. */
  searchPerMinute: number;
  /** Favourite calls (reads and changes) one address may send per minute. */
  favoritesPerMinute: number;
  /**
   * Early radio writes one address may send per minute: `setnewsong` calls made while the song
   * plays on. A call for the song that is ending is never counted (`routes/radio`).
   */
  radioWritesPerMinute: number;
  /** Radio polls (`radio/get`) one address may send per minute: many listeners share addresses. */
  radioReadsPerMinute: number;
  /** Calls with a token that fails verification one address may send per minute. */
  failedSignInsPerMinute: number;
  /**
   * Past this event-loop delay the server answers 503 instead of queueing more work; 0 turns the
   * check off (the server passes MAX_EVENT_LOOP_DELAY_MS; most tests run without it).
   */
  maxEventLoopDelayMs: number;
  /** How often the event-loop delay is sampled. */
  sampleIntervalMs?: number;
}

export const defaultOverloadOptions: OverloadOptions = {
  searchPerMinute: 300,
  favoritesPerMinute: 300,
  radioWritesPerMinute: 30,
  radioReadsPerMinute: 2_400,
  failedSignInsPerMinute: 20,
  maxEventLoopDelayMs: 0,
};

/** Seconds a refused client is asked to wait when the server is busy. */
const BUSY_RETRY_AFTER_SECONDS = 5;
const MINUTE_MS = 60_000;
const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';
const DEFAULT_SAMPLE_INTERVAL_MS = 100;

const apiPath = (call: { path: string }) => `${API_PREFIX}${call.path}`;

/**
 * 503 envelopes while the event loop lags, before any other work is queued. The lag is our own
 * measure (`event-loop-lag.ts`): @fastify/under-pressure reads an interval without a delay
 * sample, which a starved process on a loaded machine has, as an infinite delay.
 */
function registerBusyCheck(app: FastifyInstance, options: OverloadOptions) {
  let monitor: EventLoopLagMonitor | null = null;
  // Measured from when the server is ready: building the catalogue copy at start is not a lag.
  app.addHook('onReady', async () => {
    monitor = monitorEventLoopLag(options.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS);
  });
  app.addHook('onClose', async () => monitor?.stop());
  app.addHook('onRequest', (_request, reply, done) => {
    if (!monitor || monitor.lagMs() <= options.maxEventLoopDelayMs) return done();
    reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    sendEnvelope(reply, 503, BUSY_MESSAGE);
  });
}

/**
 * Overload is refused, not queued: per-address limits on the calls one client can repeat cheaply
 * (search, favourites, radio writes, failed sign-ins), each a 429 envelope with Retry-After, and a
 * 503 envelope for everyone while the event loop lags. Limits are per process (README).
 */
async function overloadPlugin(app: FastifyInstance, options: OverloadOptions) {
  if (options.maxEventLoopDelayMs > 0) registerBusyCheck(app, options);

  // One limiter is one count per address: the routes that share a limit share the limiter (the
  // plugin's `groupId` applies only to limits declared in a route's own config).
  const perMinute = (max: number) => app.rateLimit({ max, timeWindow: MINUTE_MS });
  const searchLimit = perMinute(options.searchPerMinute);
  const limits = new Map<string, onRequestAsyncHookHandler>([
    // Pages of a search count against the same limit as whole searches.
    [apiPath(calls.songSearch), searchLimit],
    [apiPath(calls.songSearchPage), searchLimit],
    // A listener polls every 5 s: 12 a minute, so the default lets 200 listeners share an address.
    [apiPath(calls.radioGet), perMinute(options.radioReadsPerMinute)],
  ]);
  const favoritesPrefix = `${API_PREFIX}/favorite/`;
  const favoritesLimit = perMinute(options.favoritesPerMinute);

  // Only failures count: a signed-in visitor is never slowed, a token guesser is.
  const failedSignIns = app.createRateLimit({
    max: options.failedSignInsPerMinute,
    timeWindow: MINUTE_MS,
  });
  async function refuseAfterFailedSignIns(request: FastifyRequest, reply: FastifyReply) {
    const check = await failedSignIns(request, { increment: false });
    if (check.isAllowed || check.remaining > 0) return;
    reply.header('retry-after', String(check.ttlInSeconds));
    return sendEnvelope(
      reply,
      429,
      `Too many failed sign-ins. Please try again in ${check.ttlInSeconds} seconds.`,
    );
  }
  async function countFailedSignIn(request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode === 401) await failedSignIns(request);
  }

  // Early radio writes are counted by the route, which alone knows whether a call is early.
  const earlyRadioWrites = app.createRateLimit({
    max: options.radioWritesPerMinute,
    timeWindow: MINUTE_MS,
  });
  // One count at a time: the limiter's store hands every caller the same counter object, so
  // counts made in one turn of the event loop would all read the last one's total.
  let countingEarlyWrite: Promise<unknown> = Promise.resolve();
  app.decorate('countEarlyRadioWrite', (request: FastifyRequest) => {
    const counted = countingEarlyWrite.then(async () => {
      const check = await earlyRadioWrites(request);
      // isAllowed: an address on the limiter's allow list, never limited.
      if (check.isAllowed || !check.isExceeded) return { allowed: true as const };
      return { allowed: false as const, retryAfterSeconds: check.ttlInSeconds };
    });
    countingEarlyWrite = counted.catch(() => {});
    return counted;
  });

  // Each limit is a hook of the routes it applies to, so the other calls run none of its code.
  app.addHook('onRoute', (route) => {
    const added: onRequestAsyncHookHandler[] = [];
    // Counted when the request arrives, before any token is verified or input read.
    if ((route.config?.auth ?? 'none') !== 'none') {
      added.push(refuseAfterFailedSignIns);
      route.onResponse = [...[route.onResponse ?? []].flat(), countFailedSignIn];
    }
    const limit = route.url.startsWith(favoritesPrefix) ? favoritesLimit : limits.get(route.url);
    if (limit) added.push(limit);
    if (added.length > 0) route.onRequest = [...[route.onRequest ?? []].flat(), ...added];
  });
}

export default fp(overloadPlugin, { name: 'overload', dependencies: ['security'] });
