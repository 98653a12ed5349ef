import { API_PREFIX } from '@fansite/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_AUTH_EMULATOR_HOST, EMULATOR_PROJECT_ID, siteBuildFolders } from './config.ts';
import type { Database } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import auth, { identityOrigins, type AuthOptions } from './plugins/app/auth.ts';
import envelope from './plugins/app/envelope.ts';
import repositories from './plugins/app/repositories.ts';
import { memoizingSerializerCompiler } from './plugins/app/serializer.ts';
import sites, { type SiteFolders } from './plugins/app/sites.ts';
import formBody from './plugins/external/form-body.ts';
import multipart from './plugins/external/multipart.ts';
import overload, {
  defaultOverloadOptions,
  type OverloadOptions,
} from './plugins/external/overload.ts';
import security from './plugins/external/security.ts';
import apiRoutes from './routes/index.ts';

export interface AppOptions {
  database: Database;
  /** Whose Firebase ID tokens are accepted; the embedded default is the local Auth emulator. */
  auth?: AuthOptions;
  logLevel?: string;
  /** Contact requests one address may send per minute. */
  contactPerMinute?: number;
  /** Built apps served by host name; the repository's dist folders by default. */
  siteFolders?: SiteFolders;
  /** Behind a reverse proxy, trust its X-Forwarded-* headers (client address for rate limits). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How often to look for a catalogue imported by another process (cached reads are dropped). */
  catalogueRefreshMs?: number;
  /** Per-address limits and the event-loop delay past which requests are refused. */
  overload?: Partial<OverloadOptions>;
  /** Where log lines go; standard output by default. */
  logStream?: DestinationStream;
}

/** The whole server as one Fastify instance: plugins first, then the API, then the sites. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent', options.logStream),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // The repositories plugin builds the catalogue's serving copy before the server listens:
    // seconds for a large catalogue, more than Fastify's default 10 s for a plugin at a million.
    pluginTimeout: 300_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingSerializerCompiler);

  const authOptions = options.auth ?? {
    projectId: EMULATOR_PROJECT_ID,
    emulatorHost: DEFAULT_AUTH_EMULATOR_HOST,
  };
  await app.register(security, { identityOrigins: identityOrigins(authOptions) });
  await app.register(overload, { ...defaultOverloadOptions, ...options.overload });
  await app.register(multipart);
  await app.register(formBody);
  await app.register(envelope);
  await app.register(repositories, {
    database: options.database,
    catalogueRefreshMs: options.catalogueRefreshMs ?? 2_000,
  });
  await app.register(auth, authOptions);

  await app.register(apiRoutes, {
    prefix: API_PREFIX,
    contactPerMinute: options.contactPerMinute ?? 10,
  });

  await app.register(sites, { folders: options.siteFolders ?? siteBuildFolders });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
