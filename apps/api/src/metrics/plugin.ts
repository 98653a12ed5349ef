import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { queryRows, type Database } from '../db/client.ts';
import type { ConversionQueue } from '../maker/queue.ts';
import { LISTENER_WINDOW_SECONDS } from '../radio/heartbeats.ts';
import { noSuchCall } from '../plugins/app/envelope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the server counts for GET /metrics; counted whether or not anyone reads it. */
    metrics: AppMetrics;
  }
}

interface AppMetrics {
  /** Rendered pages served from the render cache (`hit`) or rendered afresh (`miss`). */
  pageCacheLookups: Counter<'result'>;
  /** The maker's queue, timed: how long each conversion ran once it had its slot. */
  timedQueue(queue: ConversionQueue): ConversionQueue;
}

interface MetricsOptions {
  database: Database;
  /** The bearer token GET /metrics asks for; unset: there is no /metrics (404). */
  token?: string;
}

const METRICS_PATH = '/metrics';

/** Token comparison in constant time: hashing first makes the lengths equal too. */
function sameToken(sent: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Prometheus metrics of this process: requests by route pattern (never the URL itself, which
 * holds ids and tokens) and status, the process's event-loop lag and heap, the catalogue, radio
 * listeners, the song maker and the page cache. Served at GET /metrics on any host to whoever
 * sends `Authorization: Bearer METRICS_TOKEN`; to anyone else it does not exist.
 */
async function metricsPlugin(app: FastifyInstance, { database, token }: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  /**
   * Each method, route pattern and status's own counter and histogram, looked up once: given the
   * labels at every call, prom-client checks and hashes them each time, a tenth of a radio poll's
   * own work. Patterns and statuses are few, so the map stays small.
   */
  const series = new Map<
    string,
    { count: { inc(): void }; time: { observe(seconds: number): void } }
  >();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let counted = series.get(key);
    if (!counted) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      counted = { count: requests.labels(labels), time: durations.labels(labels) };
      series.set(key, counted);
    }
    counted.count.inc();
    counted.time.observe(reply.elapsedTime / 1000);
    done();
  });

  /** A reading from the database at scrape time; while the database is away the last one stays. */
  const readDatabase = async <T>(read: () => Promise<T>, use: (value: T) => void) => {
    try {
      use(await read());
    } catch (error) {
      app.log.warn({ err: error }, 'a metric could not be read from the database');
    }
  };
  new Gauge({
    name: 'fansite_catalogue_songs',
    help: 'Songs in the catalogue, by brand.',
    labelNames: ['brand'],
    registers: [registry],
    async collect() {
      await readDatabase(
        () =>
          queryRows(
            database.db,
            sql`SELECT brand, count(*)::int AS songs FROM songs GROUP BY brand`,
            z.object({ brand: z.string(), songs: z.number() }),
          ),
        (rows) => {
          this.reset();
          for (const row of rows) this.set({ brand: row.brand }, row.songs);
        },
      );
    },
  });
  new Gauge({
    name: 'fansite_catalogue_version',
    help: 'The catalogue version this process serves (it moves on with every import or edit).',
    registers: [registry],
    collect() {
      this.set(app.catalogue.version);
    },
  });
  new Gauge({
    name: 'fansite_radio_listeners',
    help: `Radio listeners heard from in the last ${LISTENER_WINDOW_SECONDS} s, by station.`,
    labelNames: ['station'],
    registers: [registry],
    async collect() {
      await readDatabase(
        () => app.radio.listenersHeard(),
        (rows) => {
          this.reset();
          for (const row of rows) this.set({ station: row.station }, row.listeners);
        },
      );
    },
  });

  const makerQueues: ConversionQueue[] = [];
  new Gauge({
    name: 'fansite_maker_queue_depth',
    help: 'Song maker conversions in this process: running, and waiting for a slot.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      let running = 0;
      let waiting = 0;
      for (const queue of makerQueues) {
        const stats = queue.stats();
        running += stats.running;
        waiting += stats.waiting;
      }
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const conversionSeconds = new Histogram({
    name: 'fansite_maker_conversion_seconds',
    help: 'How long conversions ran once they had a slot, by outcome.',
    labelNames: ['outcome'],
    buckets: [1, 2.5, 5, 10, 20, 40, 60, 120],
    registers: [registry],
  });
  const pageCacheLookups = new Counter({
    name: 'fansite_page_cache_lookups_total',
    help: 'Rendered pages served from the render cache (hit) or rendered afresh (miss).',
    labelNames: ['result'],
    registers: [registry],
  });

  app.decorate('metrics', {
    pageCacheLookups,
    timedQueue(queue: ConversionQueue): ConversionQueue {
      makerQueues.push(queue);
      return {
        stats: () => queue.stats(),
        reserve() {
          const ticket = queue.reserve();
          return {
            release: () => ticket.release(),
            run: <T>(task: () => Promise<T>) =>
              ticket.run(async () => {
                const stop = conversionSeconds.startTimer();
                try {
                  const result = await task();
                  stop({ outcome: 'done' });
                  return result;
                } catch (error) {
                  stop({ outcome: 'failed' });
                  throw error;
                }
              }),
          };
        },
      };
    },
  } satisfies AppMetrics);

  app.get(METRICS_PATH, async (request, reply) => {
    const sent = bearerToken(request);
    if (!token || sent === null || !sameToken(sent, token)) return noSuchCall(reply);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['envelope'] });
