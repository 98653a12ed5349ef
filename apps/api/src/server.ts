import { buildApp } from './app.ts';
import { generateDemoCatalogue } from './catalogue/demo.ts';
import { importCatalogue, isCatalogueEmpty } from './catalogue/import.ts';
import { readConfig } from './config.ts';
import { logDestination } from './logger.ts';
import { openDatabase } from './db/client.ts';
import { generateDemoNetwork } from './network/demo.ts';
import { importDemoNetwork, isNetworkEmpty } from './network/import.ts';

/** Closing after the drain that takes longer than this is stuck: exit rather than hang the deploy. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = readConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (config.DEMO_CATALOGUE && (await isCatalogueEmpty(database))) {
    await importCatalogue(database, generateDemoCatalogue());
  }
  if (config.DEMO_CATALOGUE && (await isNetworkEmpty(database))) {
    await importDemoNetwork(database, generateDemoNetwork());
  }

  const app = await buildApp({
    database,
    logLevel: config.LOG_LEVEL,
    logStream: await logDestination(config.NODE_ENV),
    contactPerMinute: config.CONTACT_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    timeouts: { requestMs: config.REQUEST_TIMEOUT_MS },
    auth: {
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    },
  });
  // Closing the app stops new connections, lets requests in flight finish, then closes the database.
  app.addHook('onClose', () => database.close());

  // A request a client sent just before the signal must still be answered: first drain (answer
  // everything, each answer closing its connection, readiness failing so the load balancer moves
  // new visitors elsewhere), then stop listening and finish what is in flight.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining before shutdown');
    setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + SHUTDOWN_GRACE_MS).unref();
    app.startDraining();
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `serving on port ${config.PORT} with ${database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
