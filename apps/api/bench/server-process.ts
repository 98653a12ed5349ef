import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { generateDemoCatalogue } from '../src/catalogue/demo.ts';
import { importCatalogue } from '../src/catalogue/import.ts';
import { openDatabase } from '../src/db/client.ts';
import { grantSubscriber } from '../src/test-support/firebase-users.ts';
import type {
  ControlMessage,
  FailedMessage,
  LoopMessage,
  ReadyMessage,
  RebuiltMessage,
  StartMessage,
} from './bench-server-protocol.ts';

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
}: StartMessage) {
  const database = await openDatabase(databaseOptions);
  try {
    const importStartedAt = performance.now();
    await importCatalogue(database, 'nightcore', generateDemoCatalogue({ songs }));
    const importSeconds = (performance.now() - importStartedAt) / 1000;

    for (const email of subscriberEmails) await grantSubscriber(database, email);

    const startedAt = performance.now();
    // Every request comes from one address: the per-address limits would measure themselves.
    const unlimited = 1_000_000_000;
    const app = await buildApp({
      database,
      logLevel: 'silent',
      overload: {
        searchPerMinute: unlimited,
        favoritesPerMinute: unlimited,
        radioWritesPerMinute: unlimited,
        failedSignInsPerMinute: unlimited,
        // As the server runs by default (MAX_EVENT_LOOP_DELAY_MS).
        maxEventLoopDelayMs: 500,
      },
      ...(maker ? { maker } : {}),
    });
    app.addHook('onClose', () => database.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on TCP');

    // The longest event-loop block: the loop's active time between two turns of a 1 ms timer,
    // from its utilization (time outside the wait for events). Not the time between the turns,
    // nor the delay histogram's: a loop waiting for events on an idle virtual machine is woken
    // milliseconds late (a process doing nothing else sees gaps of 3-5 ms), which is waiting,
    // not work. A chain of database queries resolving one another with no turn of the loop, or
    // a collection's pause, is active time, and counts.
    let longestBlockMs = 0;
    let lastUtilization = performance.eventLoopUtilization();
    setInterval(() => {
      const utilization = performance.eventLoopUtilization();
      longestBlockMs = Math.max(longestBlockMs, utilization.active - lastUtilization.active);
      lastUtilization = utilization;
    }, 1).unref();
    const resetBlocks = () => {
      longestBlockMs = 0;
      lastUtilization = performance.eventLoopUtilization();
    };
    const maxBlockMs = () => longestBlockMs;
    process.on('message', (message: ControlMessage) => {
      if (message.type === 'stop') void app.close().then(() => process.disconnect());
      if (message.type === 'reset-loop') resetBlocks();
      if (message.type === 'read-loop') send({ type: 'loop', maxBlockMs: maxBlockMs() });
      if (message.type === 'rebuild') {
        void (async () => {
          await database.db.execute(sql`UPDATE catalogue_state SET version = version + 1`);
          const startedAt = performance.now();
          resetBlocks();
          await app.catalogue.refresh();
          send({
            type: 'rebuilt',
            seconds: (performance.now() - startedAt) / 1000,
            maxBlockMs: maxBlockMs(),
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
