import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { BRAND_IDS } from '@fansite/brand-config';
import { importCatalogue, isCatalogueEmpty } from './catalogue/import.ts';
import { catalogueCopyFolder } from './catalogue/stored-copy.ts';
import { generateStarterCatalogue } from './catalogue/starter.ts';
import { readConfig } from './config.ts';
import { startLauncher } from './launcher/launcher.ts';
import { logDestination } from './logger.ts';
import { openDatabase } from './db/client.ts';
import { openOperatorChannel } from './operator/channel.ts';
import { patreonSettings } from './patreon/config.ts';
import { generateDemoNetwork } from './network/demo.ts';
import { importDemoNetwork, isNetworkEmpty } from './network/import.ts';

/** Closing after the drain that takes longer than this is stuck: exit rather than hang the deploy. */
const SHUTDOWN_GRACE_MS = 10_000;
/** New inbox items reach the team, and mails go out, within this. */
const STAFF_NOTIFY_MS = 5_000;

async function main() {
  // Everything the server creates (the data folder, the database's files, converted songs, the
  // operator socket) is its user's alone: other users of the machine can neither read nor change it.
  process.umask(0o077);
  // Before the catalogue loads: the launcher is forked while this process is small, and forks the
  // helpers (the catalogue's build worker, ffmpeg) from then on (launcher/launcher.ts).
  startLauncher();
  const config = readConfig();
  // Lines from outside a request: the database's connections and operator commands.
  const processLog = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    onConnectionLost: (reason) => processLog.warn(reason, 'database connection lost'),
  });
  // Opened before the demo data loads, so that operators wait as little as possible on a start.
  // On the embedded database this process owns the folder: operator commands come to it.
  const operatorChannel =
    database.engine === 'pglite'
      ? await openOperatorChannel({
          dataDir: config.DATA_DIR,
          database,
          onCommand: (command, exitCode) =>
            processLog.info({ command, exitCode }, 'operator command'),
        })
      : null;
  for (const brand of BRAND_IDS) {
    if (config.DEMO_CATALOGUE && (await isCatalogueEmpty(database, brand))) {
      await importCatalogue(database, brand, generateStarterCatalogue(brand));
    }
  }
  if (config.DEMO_CATALOGUE && (await isNetworkEmpty(database))) {
    await importDemoNetwork(database, generateDemoNetwork());
  }

  const app = await buildApp({
    database,
    roles: config.SERVE,
    apiUrl: config.API_URL,
    catalogueCopyFolder: catalogueCopyFolder(config.DATA_DIR),
    // Built in a worker process by the bundled server (dist/build-worker.js). Run from source
    // (tests, `pnpm dev`), a worker compiles its modules as it loads, seconds at every build: a
    // catalogue import then took more than the 5 s two processes have to show it.
    catalogueWorkerDatabaseUrl: import.meta.url.endsWith('.js') ? config.DATABASE_URL : undefined,
    logLevel: config.LOG_LEVEL,
    logStream: await logDestination(config.NODE_ENV),
    contactPerMinute: config.CONTACT_RATE_LIMIT,
    rendersPerMinute: config.RENDERS_PER_MINUTE,
    renderThreads: config.RENDER_THREADS,
    trustProxy: config.TRUST_PROXY,
    publicUrls: config.PUBLIC_URL,
    timeouts: { requestMs: config.REQUEST_TIMEOUT_MS },
    youtubeFeedUrl: config.YOUTUBE_FEED_URL,
    youtubeLookup: {
      pageBaseUrl: config.YOUTUBE_PAGE_URL,
      apiBaseUrl: config.YOUTUBE_API_URL,
      apiKey: config.YOUTUBE_API_KEY,
    },
    maker: {
      folder: path.join(config.DATA_DIR, 'maker'),
      concurrency: config.MAKER_CONCURRENCY,
      queueLength: config.MAKER_QUEUE_LENGTH,
      limits: {
        dailyPerPerson: config.MAKER_DAILY_LIMIT,
        atOncePerPerson: config.MAKER_PER_PERSON_AT_ONCE,
      },
    },
    overload: {
      searchPerMinute: config.SEARCH_RATE_LIMIT,
      favoritesPerMinute: config.FAVORITES_RATE_LIMIT,
      radioWritesPerMinute: config.RADIO_WRITE_RATE_LIMIT,
      radioReadsPerMinute: config.RADIO_READ_RATE_LIMIT,
      failedSignInsPerMinute: config.FAILED_SIGN_IN_RATE_LIMIT,
      maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    },
    auth: {
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    },
    patreonWebhookSecret: config.PATREON_WEBHOOK_SECRET,
    patreon: patreonSettings(config),
    discord:
      config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
        ? {
            clientId: config.DISCORD_CLIENT_ID,
            clientSecret: config.DISCORD_CLIENT_SECRET,
            oauthUrl: config.DISCORD_OAUTH_URL,
            apiUrl: config.DISCORD_API_URL,
          }
        : null,
    announceWebhookUrl: config.DISCORD_ANNOUNCE_WEBHOOK_URL,
    metricsToken: config.METRICS_TOKEN,
    promotionIntervalMs: config.PROMOTION_TICK_MS,
    staff: {
      perMinute: config.STAFF_RATE_LIMIT,
      oembedUrl: config.YOUTUBE_OEMBED_URL,
      discordWebhookUrl: config.STAFF_DISCORD_WEBHOOK_URL,
      smtpUrl: config.SMTP_URL,
      outboxFolder: path.join(config.DATA_DIR, 'outbox'),
      mailFrom: config.MAIL_FROM,
      notifyIntervalMs: STAFF_NOTIFY_MS,
    },
  });
  // Closing the app stops new connections, lets requests (and an operator command) in flight
  // finish, then closes the database.
  app.addHook('onClose', async () => {
    await operatorChannel?.close();
    await database.close();
  });

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
    `serving ${config.SERVE.join(', ')} on port ${config.PORT} with ${database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
