import { buildApp } from './app.ts';
import { generateDemoCatalogue } from './catalogue/demo.ts';
import { importCatalogue, isCatalogueEmpty } from './catalogue/import.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { generateDemoNetwork } from './network/demo.ts';
import { importDemoNetwork, isNetworkEmpty } from './network/import.ts';

/** A shutdown that takes longer than this is stuck: exit rather than hang the deploy. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = readConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
  });
  if (config.DEMO_CATALOGUE && (await isCatalogueEmpty(database))) {
    await importCatalogue(database, generateDemoCatalogue());
  }
  if (config.DEMO_CATALOGUE && (await isNetworkEmpty(database))) {
    await importDemoNetwork(database, generateDemoNetwork());
  }

  const app = await buildApp({
    database,
    logLevel: config.LOG_LEVEL,
    contactPerMinute: config.CONTACT_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    overload: {
      searchPerMinute: config.SEARCH_RATE_LIMIT,
      favoritesPerMinute: config.FAVORITES_RATE_LIMIT,
      radioWritesPerMinute: config.RADIO_WRITE_RATE_LIMIT,
      failedSignInsPerMinute: config.FAILED_SIGN_IN_RATE_LIMIT,
      maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    },
    auth: {
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    },
  });
  // Closing the app stops new connections, lets requests in flight finish, then closes the database.
  app.addHook('onClose', () => database.close());

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `serving on port ${config.PORT} with ${database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
