import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root folder; data and built apps are found from here by default. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded default: a Firebase Auth emulator project (`demo-` ids never reach Google). */
export const EMULATOR_PROJECT_ID = 'demo-fansite';
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

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
    /** Per-address limits per minute (README: with N processes, N times these). */
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
    FAVORITES_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
    RADIO_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    FAILED_SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Past this event-loop delay (ms) requests get 503 rather than a place in a queue. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).default(500),
    /** PostgreSQL cancels a server statement that runs longer than this (ms). */
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    /** Load the demo catalogue when the database has none (a fresh start). */
    DEMO_CATALOGUE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Set behind a reverse proxy so rate limits see the visitor's address. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** The Firebase project whose ID tokens are accepted; `demo-` ids exist only in the emulator. */
    FIREBASE_PROJECT_ID: z.string().min(1).default(EMULATOR_PROJECT_ID),
    /** host:port of the Firebase Auth emulator; outside production it is the default. */
    FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().optional(),
    ),
  })
  .transform((env) => ({
    ...env,
    FIREBASE_AUTH_EMULATOR_HOST:
      env.FIREBASE_AUTH_EMULATOR_HOST ??
      (env.NODE_ENV === 'production' ? undefined : DEFAULT_AUTH_EMULATOR_HOST),
  }))
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    // The emulator accepts unsigned tokens: pointed at it, anyone could sign in as anyone.
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must be unset in production (the Auth emulator accepts unsigned tokens)',
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
