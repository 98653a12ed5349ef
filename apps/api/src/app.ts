import { API_PREFIX } from '@fansite/contract';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_AUTH_EMULATOR_HOST,
  EMULATOR_PROJECT_ID,
  SERVER_ROLES,
  siteBuildFolders,
  type ServerRole,
} from './config.ts';
import type { Database } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import { publicSites, type PublicSites } from './public-sites.ts';
import auth, { identityOrigins, type AuthOptions } from './plugins/app/auth.ts';
import type { DiscordOAuthConfig } from './discord/oauth.ts';
import type { PatreonSettings } from './patreon/config.ts';
import envelope, { rawAnswerOptions, sendEnvelope } from './plugins/app/envelope.ts';
import { inProcessFetch, overHttpFetch } from './plugins/app/page-render.ts';
import lifecycle from './plugins/app/lifecycle.ts';
import requestGuard from './plugins/app/request-guard.ts';
import requestId, { requestIdOptions } from './plugins/app/request-id.ts';
import promotionScheduler from './plugins/app/promotion-scheduler.ts';
import maker, { defaultMakerFolder, type MakerOptions } from './plugins/app/maker.ts';
import repositories from './plugins/app/repositories.ts';
import { memoizingSerializerCompiler } from './plugins/app/serializer.ts';
import sites, { type ServedSite, type SiteFolders } from './plugins/app/sites.ts';
import formBody from './plugins/external/form-body.ts';
import multipart from './plugins/external/multipart.ts';
import overload, {
  defaultOverloadOptions,
  type OverloadOptions,
} from './plugins/external/overload.ts';
import security, { apiSecurityHeaders, securityHeaders } from './plugins/external/security.ts';
import staffNotifier from './plugins/app/staff-notifier.ts';
import metrics from './metrics/plugin.ts';
import apiRoutes from './routes/index.ts';
import { runsFromSource } from './runs-from-source.ts';
import { DEFAULT_YOUTUBE_OEMBED_URL } from './youtube/oembed.ts';
import type { ChannelResolverOptions } from './youtube/channel-resolver.ts';

export interface AppOptions {
  database: Database;
  /** What this process serves (`SERVE`); all roles by default. */
  roles?: readonly ServerRole[];
  /**
   * Where the API servers are, for the pages of a process without the api role (`API_URL`);
   * a process with it renders its pages from its own API, in-process.
   */
  apiUrl?: URL;
  /** Whose Firebase ID tokens are accepted; the embedded default is the local Auth emulator. */
  auth?: AuthOptions;
  logLevel?: string;
  /** Contact requests one address may send per minute. */
  contactPerMinute?: number;
  /** Built apps served by host name; the repository's dist folders by default. */
  siteFolders?: SiteFolders;
  /** Pages one address may have rendered afresh per minute (cached pages do not count). */
  rendersPerMinute?: number;
  /**
   * Threads that render pages (plugins/app/render-thread.ts); 0: pages are rendered on the event
   * loop. By default one per core, at most four (`defaultRenderThreads`).
   */
  renderThreads?: number;
  /**
   * Behind a reverse proxy, which X-Forwarded-For entries to believe (the client address for rate
   * limits): the number of proxies in front of the server, or their addresses. Never `true`, which
   * would believe whatever a client writes there.
   */
  trustProxy?: number | string[] | false;
  /** Where visitors reach the site, one origin per brand (`PUBLIC_URL`); none: local use. */
  publicUrls?: readonly URL[];
  /** How long a client may take to send a request; slow clients are not held forever. */
  timeouts?: Partial<Timeouts>;
  /** How often to look for a catalogue imported by another process (cached reads are dropped). */
  catalogueRefreshMs?: number;
  /** Where the catalogue's built copies are stored and read at start (DATA_DIR/catalogue). */
  catalogueCopyFolder?: string;
  /** PostgreSQL's address, for the catalogue's copies to be built in a worker process. */
  catalogueWorkerDatabaseUrl?: string;
  /** YouTube's channel feed endpoint; YouTube's own by default, a local fake in tests. */
  youtubeFeedUrl?: string;
  /**
   * Where a channel link saved by handle or custom address is looked up: YouTube's pages, and
   * the Data API first when a key is given; local fakes in tests.
   */
  youtubeLookup?: ChannelResolverOptions;
  /** Per-address limits and the event-loop delay past which requests are refused. */
  overload?: Partial<OverloadOptions>;
  /** Where log lines go; standard output by default. */
  logStream?: DestinationStream;
  /** Patreon's webhook secret; unset turns POST /patreon/webhook off. */
  patreonWebhookSecret?: string;
  /** The brands' Patreon campaigns and the application that links accounts. */
  patreon?: PatreonSettings;
  /** The Discord application for account linking; unset turns linking off. */
  discord?: DiscordOAuthConfig | null;
  /** The community chat webhook that announces the channel of the day. */
  announceWebhookUrl?: string;
  /** How often the promotion calendar is topped up (0: only on demand, as in tests). */
  promotionIntervalMs?: number;
  /** The clock of the promotion calendar. */
  now?: () => Date;
  /** The song maker: its folder in the data directory, concurrency and limits. */
  maker?: Partial<MakerOptions>;
  /** The team's console: limits, YouTube's oEmbed endpoint, notifications and mail. */
  staff?: Partial<StaffOptions>;
  /** The bearer token for GET /metrics (`METRICS_TOKEN`); unset: no metrics are served. */
  metricsToken?: string;
}

interface StaffOptions {
  /** Staff calls one address may send per minute. */
  perMinute: number;
  /** YouTube's oEmbed endpoint; YouTube's own by default, a local fake in tests. */
  oembedUrl: string;
  /** The team's Discord channel webhook for new inbox items; unset: only mailed. */
  discordWebhookUrl?: string;
  /** SMTP server for mails; unset writes them as .eml files to `outboxFolder`. */
  smtpUrl?: string;
  outboxFolder: string;
  mailFrom: string;
  /** How often new items are announced and mails sent; 0: only on demand (tests). */
  notifyIntervalMs: number;
}

const DEFAULT_STAFF_OPTIONS: StaffOptions = {
  perMinute: 120,
  oembedUrl: DEFAULT_YOUTUBE_OEMBED_URL,
  outboxFolder: path.join(os.tmpdir(), 'fansite-outbox'),
  mailFrom: 'Fansite <no-reply@localhost>',
  notifyIntervalMs: 0,
};

interface Timeouts {
  /** The whole request, headers and body, must arrive within this (408 otherwise). */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** A connection on which nothing moves for this long is closed. */
  idleMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sites this deployment serves: links and redirects are built from these, not from Host. */
    publicSites: PublicSites;
  }
}

const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  // Above the keep-alive timeout (72 s, longer than load balancers keep idle connections), so a
  // connection a proxy may still reuse is not cut under it.
  idleMs: 75_000,
};

/** A hop count as Fastify's trust function: the last `hops` addresses are proxies of ours. */
function trustedProxies(setting: AppOptions['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting ?? false;
}

/** The site each page role serves. */
const SITE_OF_ROLE: Record<Exclude<ServerRole, 'api'>, ServedSite> = {
  web: 'main',
  fm: 'fm',
  sites: 'subscriber',
};

/**
 * Render threads when none are asked for: one per core, at most four. At 200 fresh pages a second
 * on two cores, one render thread was busy all the time (p99 87-130 ms) and two kept the p99 at
 * 36-47 ms; four is more than the renders of a busy site need. None on one core, where a thread
 * would only take turns with the server, and none when the server runs from its TypeScript source
 * (tests, `pnpm dev`): a thread would load its modules through tsx, which compiles the apps'
 * server builds again (and takes a build outside an ES module package for CommonJS).
 */
function defaultRenderThreads(): number {
  const cores = os.availableParallelism();
  if (cores < 2 || runsFromSource) return 0;
  return Math.min(cores, 4);
}

/** Pages read the API in this process when it serves the API, over HTTP from API_URL otherwise. */
function pageFetcherFor(servesApi: boolean, apiUrl: URL | undefined) {
  if (servesApi) return inProcessFetch;
  if (!apiUrl)
    throw new Error('A server without the api role renders its pages from API_URL: set it.');
  return overHttpFetch(apiUrl);
}

/**
 * The whole server as one Fastify instance: plugins first, then the API, then the sites. Its
 * roles pick the parts: without `api` there are no calls (but the health checks and metrics), no
 * maker and no scheduled work; without a page role its hosts are refused.
 */
export async function buildApp(options: AppOptions) {
  const roles = new Set(options.roles ?? SERVER_ROLES);
  const servesApi = roles.has('api');
  const pageFetcher = pageFetcherFor(servesApi, options.apiUrl);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const authOptions = options.auth ?? {
    projectId: EMULATOR_PROJECT_ID,
    emulatorHost: DEFAULT_AUTH_EMULATOR_HOST,
  };
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent', options.logStream),
    ...requestIdOptions,
    trustProxy: trustedProxies(options.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, timeouts.headersMs / 4)),
      // A request without a Host gets the envelope from the request guard, not Node's bare 400.
      requireHostHeader: false,
    },
    // While draining before a shutdown, requests on open connections are still answered.
    return503OnClosing: false,
    ...rawAnswerOptions(apiSecurityHeaders(securityHeaders(identityOrigins(authOptions)))),
    // The repositories plugin builds the catalogue's serving copy before the server listens: seconds
    // for a large catalogue, minutes at a million songs on a busy machine (over 300 s was seen). No
    // fixed limit fits, and a limit reached means a server that never starts, so none is set: the
    // build's reads have the database's own timeouts, and until it is done nothing listens.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('publicSites', publicSites(options.publicUrls ?? []));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingSerializerCompiler);

  await app.register(requestId);
  await app.register(security, { identityOrigins: identityOrigins(authOptions) });
  await app.register(overload, { ...defaultOverloadOptions, ...options.overload });
  await app.register(multipart);
  await app.register(formBody);
  await app.register(envelope);
  await app.register(metrics, { database: options.database, token: options.metricsToken });
  await app.register(repositories, {
    database: options.database,
    catalogueRefreshMs: options.catalogueRefreshMs ?? 2_000,
    catalogueCopyFolder: options.catalogueCopyFolder,
    catalogueWorkerDatabaseUrl: options.catalogueWorkerDatabaseUrl,
    youtubeFeedUrl: options.youtubeFeedUrl,
    youtubeLookup: options.youtubeLookup,
  });
  await app.register(auth, authOptions);
  await app.register(requestGuard);
  await app.register(lifecycle);
  if (servesApi) {
    await app.register(promotionScheduler, {
      announceWebhookUrl: options.announceWebhookUrl,
      intervalMs: options.promotionIntervalMs ?? 0,
      now: options.now ?? (() => new Date()),
    });
    await app.register(maker, {
      folder: defaultMakerFolder(),
      ...options.maker,
      database: options.database,
    });

    const staff = { ...DEFAULT_STAFF_OPTIONS, ...options.staff };
    await app.register(staffNotifier, {
      discordWebhookUrl: staff.discordWebhookUrl,
      smtpUrl: staff.smtpUrl,
      outboxFolder: staff.outboxFolder,
      from: staff.mailFrom,
      intervalMs: staff.notifyIntervalMs,
    });

    await app.register(apiRoutes, {
      prefix: API_PREFIX,
      contactPerMinute: options.contactPerMinute ?? 10,
      patreonWebhookSecret: options.patreonWebhookSecret,
      patreon: options.patreon ?? { campaignIds: [], oauth: null },
      discord: options.discord ?? null,
      staff: { perMinute: staff.perMinute, oembedUrl: staff.oembedUrl },
    });
  } else {
    // 421, as for a site this process does not serve (plugins/app/sites.ts): the proxy in front
    // sends /api/v1 to the API servers, so a call here was routed wrong.
    app.all(`${API_PREFIX}/*`, (_request, reply) =>
      sendEnvelope(
        reply,
        421,
        'This server does not answer API calls; they are served by the API servers.',
      ),
    );
  }

  await app.register(sites, {
    folders: options.siteFolders ?? siteBuildFolders,
    served: new Set([...roles].flatMap((role) => (role === 'api' ? [] : [SITE_OF_ROLE[role]]))),
    pageFetcher,
    rendersPerMinute: options.rendersPerMinute,
    renderThreads: options.renderThreads ?? defaultRenderThreads(),
  });
  return app;
}
