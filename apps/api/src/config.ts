import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { namesOwnDomain } from './public-sites.ts';
import { parseCampaignIds } from './patreon/config.ts';
import { DEFAULT_YOUTUBE_FEED_URL } from './youtube/channel-feed.ts';
import { DEFAULT_YOUTUBE_OEMBED_URL } from './youtube/oembed.ts';
import { DEFAULT_YOUTUBE_API_URL, DEFAULT_YOUTUBE_PAGE_URL } from './youtube/channel-resolver.ts';

/** The repository's root folder; data and built apps are found from here by default. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded default: a Firebase Auth emulator project (`demo-` ids never reach Google). */
export const EMULATOR_PROJECT_ID = 'demo-fansite';
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

/** What one server process may serve; each role can run in processes of its own. */
export const SERVER_ROLES = ['api', 'web', 'fm', 'sites'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

function isServerRole(value: string): value is ServerRole {
  return (SERVER_ROLES as readonly string[]).includes(value);
}

const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Contact requests (and song reports) one address may send per minute. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Song maker conversions at the same time; unset means one per core. */
    MAKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Song maker conversions that may wait for a slot before the maker answers 429. */
    MAKER_QUEUE_LENGTH: z.coerce.number().int().min(0).max(1000).optional(),
    /** Song maker conversions one person may make in 24 hours (counted in the database). */
    MAKER_DAILY_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Song maker conversions one person may have under way at once (per process). */
    MAKER_PER_PERSON_AT_ONCE: z.coerce.number().int().min(1).default(1),
    /** Per-address limits per minute (README: with N processes, N times these). */
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
    FAVORITES_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
    RADIO_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    RADIO_READ_RATE_LIMIT: z.coerce.number().int().min(1).default(2_400),
    FAILED_SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Pages one address may have rendered afresh per minute (kept pages do not count; app.ts). */
    RENDERS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    /** Threads that render pages beside the event loop; 0: on it. By default, as app.ts says. */
    RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    /** Past this event-loop delay (ms) requests get 503 rather than a place in a queue. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
    /** PostgreSQL cancels a server statement that runs longer than this (ms). */
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    /** Load the demo catalogue when the database has none (a fresh start). */
    DEMO_CATALOGUE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Behind a reverse proxy, so rate limits see the visitor's address: how many proxies stand in
     * front of the server (a number), or their addresses and networks (comma-separated). `true`
     * is refused: it would believe any X-Forwarded-For a client makes up.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): number | string[] | false => {
        const setting = value.trim();
        if (setting === 'false' || setting === '' || setting === '0') return false;
        if (/^\d+$/.test(setting)) return Number(setting);
        const addresses = setting.split(',').map((entry) => entry.trim());
        const invalid = addresses.filter((entry) => !isAddressOrNetwork(entry));
        if (invalid.length > 0) {
          context.addIssue({
            code: 'custom',
            message:
              'must be false, the number of proxies in front of the server (e.g. 1), or their ' +
              `addresses or networks, comma-separated (e.g. 10.0.0.0/8 or loopback); not ${invalid.join(', ')}`,
          });
          return z.NEVER;
        }
        return addresses;
      }),
    /**
     * What this process serves (docs/fleet.md): `api` (the calls under /api/v1, the maker and the
     * scheduled work), `web` (the main sites), `fm` (the radio), `sites` (subscriber sites);
     * comma-separated, all of them by default.
     */
    SERVE: z
      .string()
      .default(SERVER_ROLES.join(','))
      .transform((value, context): ServerRole[] => {
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
        const unknown = entries.filter((entry) => !isServerRole(entry));
        if (entries.length === 0 || unknown.length > 0) {
          context.addIssue({
            code: 'custom',
            message:
              `must list what this server serves, comma-separated, from ${SERVER_ROLES.join(', ')}` +
              (unknown.length > 0 ? `; not ${unknown.join(', ')}` : ''),
          });
          return z.NEVER;
        }
        return SERVER_ROLES.filter((role) => entries.includes(role));
      }),
    /**
     * Where a server without the api role reads the API its pages are rendered from
     * (`http://10.0.0.2:8080`); a server with the api role reads its own, in-process.
     */
    API_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .url()
        .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http(s) address')
        .transform((value) => new URL(value))
        .optional(),
    ),
    /** How long a client may take to send a whole request before it gets a 408. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
    /**
     * On SIGTERM, how long to keep answering (with Connection: close, and the readiness check
     * failing) before closing: long enough for the load balancer to see the check fail.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
    /**
     * Where visitors reach the site: one origin per brand, comma-separated
     * (`https://nightcore.example,https://slowedreverb.example`). Links, redirects and canonical
     * addresses are built from these, and only these hosts (with their www., fm. and subscriber
     * sub-domains) are served. Unset: local use, serving `localhost` and its sub-domains.
     */
    PUBLIC_URL: z
      .string()
      .default('')
      .transform((value, context): URL[] => {
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
        const urls: URL[] = [];
        for (const entry of entries) {
          const url = URL.canParse(entry) ? new URL(entry) : null;
          if (
            !url ||
            (url.protocol !== 'https:' && url.protocol !== 'http:') ||
            url.pathname !== '/' ||
            url.search ||
            url.hash ||
            url.username
          ) {
            context.addIssue({
              code: 'custom',
              message: `must list origins such as https://nightcore.example, comma-separated; not ${entry}`,
            });
            return z.NEVER;
          }
          if (!namesOwnDomain(url)) {
            context.addIssue({
              code: 'custom',
              message: `must name the site's own domain, not a public suffix that other sites share; not ${entry}`,
            });
            return z.NEVER;
          }
          urls.push(url);
        }
        return urls;
      }),
    /** YouTube's public channel feed endpoint; subscriber sites list their newest uploads from it. */
    YOUTUBE_FEED_URL: z.string().url().default(DEFAULT_YOUTUBE_FEED_URL),
    /** Where channel pages are read to find the channel a handle or custom link names. */
    YOUTUBE_PAGE_URL: z.string().url().default(DEFAULT_YOUTUBE_PAGE_URL),
    /** The YouTube Data API, asked before the pages when YOUTUBE_API_KEY is set. */
    YOUTUBE_API_URL: z.string().url().default(DEFAULT_YOUTUBE_API_URL),
    YOUTUBE_API_KEY: optionalText,
    /** The Firebase project whose ID tokens are accepted; `demo-` ids exist only in the emulator. */
    FIREBASE_PROJECT_ID: z.string().min(1).default(EMULATOR_PROJECT_ID),
    /** host:port of the Firebase Auth emulator; outside production it is the default. */
    FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().optional(),
    ),
    /** Patreon's webhook secret; unset turns POST /patreon/webhook off (404). */
    PATREON_WEBHOOK_SECRET: optionalText,
    /** The brands' Patreon campaigns: `ID` for both, or `nightcore=ID,slowed-reverb=ID`. */
    PATREON_CAMPAIGN_IDS: optionalText,
    /** The Patreon application that links accounts; both unset turns linking off. */
    PATREON_CLIENT_ID: optionalText,
    PATREON_CLIENT_SECRET: optionalText,
    PATREON_OAUTH_URL: z.string().url().default('https://www.patreon.com/oauth2/authorize'),
    PATREON_API_URL: z.string().url().default('https://www.patreon.com/api/oauth2'),
    /** The Discord application that links accounts; both unset turns linking off. */
    DISCORD_CLIENT_ID: optionalText,
    DISCORD_CLIENT_SECRET: optionalText,
    DISCORD_OAUTH_URL: z.string().url().default('https://discord.com/oauth2/authorize'),
    DISCORD_API_URL: z.string().url().default('https://discord.com/api/v10'),
    /**
     * The bearer token a metrics collector sends to read GET /metrics (Prometheus text, on any
     * host); unset: there is no /metrics. A long random string: `openssl rand -hex 32`.
     */
    METRICS_TOKEN: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^\S{32,}$/, 'must be at least 32 characters without spaces (openssl rand -hex 32)')
        .optional(),
    ),
    /** The community chat's webhook that announces the channel of the day; unset: no announcement. */
    DISCORD_ANNOUNCE_WEBHOOK_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().url().optional(),
    ),
    /**
     * How often each API server tops the promotion calendar up and announces a new day (ms): a
     * new day's channel is announced within this long after midnight (UTC).
     */
    PROMOTION_TICK_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(5 * 60_000),
    /** The team's own Discord channel webhook, told of every new inbox item; unset: not told. */
    STAFF_DISCORD_WEBHOOK_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().url().optional(),
    ),
    /** Where mails go out (smtp:// or smtps://); unset writes them as .eml files to DATA_DIR/outbox. */
    SMTP_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().url().optional(),
    ),
    /** The sender of the site's mails. */
    MAIL_FROM: z.string().min(3).default('Fansite <no-reply@localhost>'),
    /** YouTube's oEmbed endpoint, which fills a song's title and artist from its link. */
    YOUTUBE_OEMBED_URL: z.string().url().default(DEFAULT_YOUTUBE_OEMBED_URL),
    /** Staff calls one address may send per minute. */
    STAFF_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  })
  .transform((env) => ({
    ...env,
    FIREBASE_AUTH_EMULATOR_HOST:
      env.FIREBASE_AUTH_EMULATOR_HOST ??
      (env.NODE_ENV === 'production' ? undefined : DEFAULT_AUTH_EMULATOR_HOST),
  }))
  .superRefine((env, context) => {
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['DISCORD_CLIENT_SECRET'],
        message: 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set together or not at all',
      });
    }
    if (Boolean(env.PATREON_CLIENT_ID) !== Boolean(env.PATREON_CLIENT_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['PATREON_CLIENT_SECRET'],
        message: 'PATREON_CLIENT_ID and PATREON_CLIENT_SECRET are set together or not at all',
      });
    }
    if (!env.SERVE.includes('api') && !env.API_URL) {
      context.addIssue({
        code: 'custom',
        path: ['API_URL'],
        message: `must name the API servers' address when SERVE (${env.SERVE.join(',')}) serves pages without the api role`,
      });
    }
    if (env.SERVE.length < SERVER_ROLES.length && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'must name the PostgreSQL database the fleet shares when SERVE names only some roles ' +
          '(the embedded database belongs to one process)',
      });
    }
    const campaigns = parseCampaignIds(env.PATREON_CAMPAIGN_IDS);
    if (typeof campaigns === 'string') {
      context.addIssue({ code: 'custom', path: ['PATREON_CAMPAIGN_IDS'], message: campaigns });
    } else if (env.PATREON_CLIENT_ID && campaigns.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['PATREON_CAMPAIGN_IDS'],
        message: 'is needed for Patreon linking: the campaign whose members subscribe',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    // The emulator accepts unsigned tokens: pointed at it, anyone could sign in as anyone.
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must be unset in production (the Auth emulator accepts unsigned tokens)',
      });
    }
    if (env.PUBLIC_URL.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must name the origins visitors reach the site at in production',
      });
    }
    if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message: 'must name a real Firebase project in production',
      });
    }
  });

/** proxy-addr's names for the private ranges a proxy usually sits in. */
const NAMED_NETWORKS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a network in CIDR notation, or a named range, as proxy-addr accepts them. */
function isAddressOrNetwork(entry: string): boolean {
  if (NAMED_NETWORKS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type ServerConfig = z.infer<typeof envSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid server configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Where each app's built files live; the server picks one by host name. */
export const siteBuildFolders = {
  main: path.join(repoRoot, 'apps/web/dist'),
  fm: path.join(repoRoot, 'apps/fm/dist'),
  subscriber: path.join(repoRoot, 'apps/sites/dist'),
} as const;
