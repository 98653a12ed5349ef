import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@fansite/api/src/app.ts';
import { generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { importCatalogue } from '@fansite/api/src/catalogue/import.ts';
import { openDatabase } from '@fansite/api/src/db/client.ts';
import { startLauncher } from '@fansite/api/src/launcher/launcher.ts';
import { generateDemoNetwork } from '@fansite/api/src/network/demo.ts';
import { importDemoNetwork } from '@fansite/api/src/network/import.ts';
import { startFakeYouTube } from '@fansite/api/src/test-support/fake-youtube.ts';
import { grantSubscriber } from '@fansite/api/src/test-support/firebase-users.ts';
import type {
  ControlMessage,
  FailedMessage,
  LoopMessage,
  ReadyMessage,
  RebuiltMessage,
  StartMessage,
} from './bench-server-protocol.ts';
import { watchLoopBlocks } from './loop-blocks.ts';

/**
 * The server under test, in a process of its own so that the load generator does not share
 * its event loop: on a 2-core machine each gets a core, as a real client and server would.
 */
function send(message: ReadyMessage | FailedMessage | LoopMessage | RebuiltMessage) {
  process.send?.(message);
}

async function start({
  database: databaseOptions,
  songs,
  maker,
  subscriberEmails = [],
  demoNetwork = false,
}: StartMessage) {
  // As the server does first (server.ts): its helpers are started by a process forked while small.
  startLauncher();
  const database = await openDatabase(databaseOptions);
  try {
    const importStartedAt = performance.now();
    await importCatalogue(database, 'nightcore', generateDemoCatalogue({ songs }));
    const importSeconds = (performance.now() - importStartedAt) / 1000;
    // The import's garbage is the bench's, not the server's (a server starts after an import made
    // by another process): collected before the server starts, it is not counted in its memory.
    global.gc?.();

    for (const email of subscriberEmails) await grantSubscriber(database, email);
    if (demoNetwork) await importDemoNetwork(database, generateDemoNetwork());
    const youtubeFeed = demoNetwork ? await startFakeYouTube() : null;

    const startedAt = performance.now();
    // Every request comes from one address, or from the addresses the bench says it forwards for
    // (`addresses.ts`): the per-address limits would measure themselves.
    const unlimited = 1_000_000_000;
    // The catalogue's copies stored and, on PostgreSQL, built in a worker process, as the server
    // does (server.ts).
    const copyFolder = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-copies-'));
    const app = await buildApp({
      database,
      logLevel: 'silent',
      catalogueCopyFolder: copyFolder,
      catalogueWorkerDatabaseUrl: databaseOptions.url,
      // Past its fresh renders a minute, an address is sent the plain page instead of a render.
      rendersPerMinute: unlimited,
      // The bench is the server's proxy: a radio listener's address is the one it forwards for.
      trustProxy: ['127.0.0.1'],
      overload: {
        searchPerMinute: unlimited,
        favoritesPerMinute: unlimited,
        radioWritesPerMinute: unlimited,
        radioReadsPerMinute: unlimited,
        failedSignInsPerMinute: unlimited,
        // As the server runs by default (MAX_EVENT_LOOP_DELAY_MS).
        maxEventLoopDelayMs: 500,
      },
      ...(maker ? { maker } : {}),
      ...(youtubeFeed ? { youtubeFeedUrl: youtubeFeed.url } : {}),
    });
    app.addHook('onClose', async () => {
      await youtubeFeed?.close();
      await database.close();
      await rm(copyFolder, { recursive: true, force: true });
    });
    // Stored before the routes are measured: the write is a start's, not theirs.
    await app.catalogue.stored();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on TCP');

    const loop = watchLoopBlocks();
    process.on('message', (message: ControlMessage) => {
      if (message.type === 'stop') void app.close().then(() => process.disconnect());
      if (message.type === 'watch-loop') loop.start();
      if (message.type === 'stop-watch') send({ type: 'loop', blocks: loop.stop() });
      if (message.type === 'rebuild') {
        void (async () => {
          // A new version as an import makes it, stamp included (the build stores its copy).
          await database.db.execute(sql`UPDATE catalogue_state SET version = version + 1`);
          await database.db.execute(
            sql`INSERT INTO catalogue_versions (version) SELECT version FROM catalogue_state`,
          );
          const startedAt = performance.now();
          loop.start();
          await app.catalogue.refresh();
          send({
            type: 'rebuilt',
            seconds: (performance.now() - startedAt) / 1000,
            blocks: loop.stop(),
          });
        })();
      }
    });
    const startSeconds = (performance.now() - startedAt) / 1000;
    global.gc?.();
    const memory = process.memoryUsage();
    send({
      type: 'ready',
      port: address.port,
      importSeconds,
      startSeconds,
      rssMb: memory.rss / 1024 / 1024,
      heapMb: memory.heapUsed / 1024 / 1024,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
}

process.once('message', (message: StartMessage) => {
  start(message).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.disconnect();
  });
});
