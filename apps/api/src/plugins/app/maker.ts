import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { createFolderFileStore, type FileStore } from '../../maker/file-store.ts';
import { createConversionQueue } from '../../maker/queue.ts';
import {
  createSongMaker,
  defaultMakerLimits,
  type SongMaker,
  type SongMakerLimits,
} from '../../maker/song-maker.ts';
import { createConversionsRepository } from '../../repositories/conversions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    maker: SongMaker;
  }
}

export interface MakerOptions {
  /** The song maker's folder in the data directory: converted songs and work in progress. */
  folder: string;
  /** Conversions at the same time; one per core by default. */
  concurrency?: number;
  /** Conversions that may wait for a slot before the maker answers 429. */
  queueLength?: number;
  /** Another store than the folder's (object storage, when the site runs on several machines). */
  store?: FileStore;
  limits?: Partial<SongMakerLimits>;
  /** How often expired files are looked for. */
  expiryCheckMs?: number;
}

export const defaultMakerFolder = () => path.join(tmpdir(), `fansite-maker-${process.pid}`);

/** The song maker, decorated on the app as `app.maker`, and its hourly clean-up of old files. */
async function makerPlugin(app: FastifyInstance, options: MakerOptions & { database: Database }) {
  const concurrency = options.concurrency ?? availableParallelism();
  const maker = createSongMaker({
    conversions: createConversionsRepository(options.database.db),
    store: options.store ?? createFolderFileStore(path.join(options.folder, 'songs')),
    queue: app.metrics.timedQueue(
      createConversionQueue({ concurrency, maxWaiting: options.queueLength ?? 2 * concurrency }),
    ),
    tempDir: path.join(options.folder, 'work'),
    limits: { ...defaultMakerLimits, ...options.limits },
    log: app.log,
  });
  app.decorate('maker', maker);

  const cleanUp = () =>
    Promise.all([maker.removeExpired(), maker.removeLeftovers(60 * 60 * 1000)]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'could not remove expired songs'),
    );
  await cleanUp();
  const timer = setInterval(() => void cleanUp(), options.expiryCheckMs ?? 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // Before the server waits for the requests in flight: an upload still arriving is ended, so it
  // gives back its place and removes its work file rather than hold the shutdown up.
  app.addHook('preClose', async () => maker.endUploads());
}

export default fp(makerPlugin, { name: 'maker', dependencies: ['metrics'] });
