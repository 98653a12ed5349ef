import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root folder; data and built apps are found from here by default. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Contact requests (and song reports) one address may send per minute. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
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
