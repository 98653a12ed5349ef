import { API_PREFIX } from '@fansite/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { siteBuildFolders } from './config.ts';
import type { Database } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import envelope from './plugins/app/envelope.ts';
import repositories from './plugins/app/repositories.ts';
import sites, { type SiteFolders } from './plugins/app/sites.ts';
import multipart from './plugins/external/multipart.ts';
import security from './plugins/external/security.ts';
import contactRoutes from './routes/contact/index.ts';
import playlistRoutes from './routes/playlist/index.ts';
import songRoutes from './routes/song/index.ts';

export interface AppOptions {
  database: Database;
  logLevel?: string;
  /** Contact requests one address may send per minute. */
  contactPerMinute?: number;
  /** Built apps served by host name; the repository's dist folders by default. */
  siteFolders?: SiteFolders;
  /** Behind a reverse proxy, trust its X-Forwarded-* headers (client address for rate limits). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How often to look for a catalogue imported by another process (cached reads are dropped). */
  catalogueRefreshMs?: number;
  /** Where log lines go; standard output by default. */
  logStream?: DestinationStream;
}

/** The whole server as one Fastify instance: plugins first, then the API, then the sites. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent', options.logStream),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(security);
  await app.register(multipart);
  await app.register(envelope);
  await app.register(repositories, {
    database: options.database,
    catalogueRefreshMs: options.catalogueRefreshMs ?? 5_000,
  });

  await app.register(
    async (api) => {
      await api.register(playlistRoutes);
      await api.register(songRoutes);
      await api.register(contactRoutes, { perMinute: options.contactPerMinute ?? 10 });
    },
    { prefix: API_PREFIX },
  );

  await app.register(sites, { folders: options.siteFolders ?? siteBuildFolders });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
