import { randomUUID } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import {
  createDatabaseFileStore,
  createFolderFileStore,
  type FileStore,
} from '../../maker/file-store.ts';
import { createConversionQueue } from '../../maker/queue.ts';
import {
  createSongMaker,
  defaultMakerLimits,
  type SongMaker,
  type SongMakerLimits,
} from '../../maker/song-maker.ts';
import { createConversionsRepository } from '../../repositories/conversions.ts';
import { createMakerJobsRepository } from '../../repositories/maker-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    maker: SongMaker;
  }
}

export interface MakerOptions {
  /**
   * The song maker's folder in the data directory: work in progress, and the converted songs
   * with the embedded database (on PostgreSQL they are kept in the database, for every process).
   */
  folder: string;
  /** Conversions at the same time; one per core by default. */
  concurrency?: number;
  /** Conversions that may wait for a slot before the maker answers 429. */
  queueLength?: number;
  /** Another store than the engine's own. */
  store?: FileStore;
  limits?: Partial<SongMakerLimits>;
  /** How often expired files are looked for. */
  expiryCheckMs?: number;
}

export const defaultMakerFolder = () => path.join(tmpdir(), `fansite-maker-${process.pid}`);

/** How long a conversion whose process went away is still reported as stopped, then forgotten. */
const ABANDONED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The song maker, decorated on the app as `app.maker`; its hourly clean-up of old files, and its
 * word, every few seconds, that this process still works on its conversions.
 */
async function makerPlugin(app: FastifyInstance, options: MakerOptions & { database: Database }) {
  const { db, engine } = options.database;
  const concurrency = options.concurrency ?? availableParallelism();
  const limits = { ...defaultMakerLimits, ...options.limits };
  const maker = createSongMaker({
    conversions: createConversionsRepository(db),
    jobs: createMakerJobsRepository(db),
    worker: randomUUID(),
    store:
      options.store ??
      (engine === 'postgres'
        ? createDatabaseFileStore(db)
        : createFolderFileStore(path.join(options.folder, 'songs'))),
    queue: app.metrics.timedQueue(
      createConversionQueue({ concurrency, maxWaiting: options.queueLength ?? 2 * concurrency }),
    ),
    tempDir: path.join(options.folder, 'work'),
    limits,
    log: app.log,
  });
  app.decorate('maker', maker);

  const cleanUp = () =>
    Promise.all([
      maker.removeExpired(),
      maker.removeLeftovers(60 * 60 * 1000),
      maker.removeAbandoned(ABANDONED_KEPT_MS),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove expired songs'));
  await cleanUp();
  const timer = setInterval(() => void cleanUp(), options.expiryCheckMs ?? 60 * 60 * 1000);
  timer.unref();
  const keepAlive = setInterval(
    () =>
      void maker
        .keepAlive()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not say that conversions are still under way'),
        ),
    limits.abandonedAfterMs / 3,
  );
  keepAlive.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(keepAlive);
  });
  // Before the server waits for the requests in flight: an upload still arriving is ended, so it
  // gives back its place and removes its work file rather than hold the shutdown up.
  app.addHook('preClose', async () => maker.endUploads());
}

export default fp(makerPlugin, { name: 'maker', dependencies: ['metrics'] });
