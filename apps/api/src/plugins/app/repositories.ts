import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import {
  createCatalogueRepository,
  type CatalogueRepository,
} from '../../repositories/catalogue.ts';
import { createContactRepository, type ContactRepository } from '../../repositories/contact.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueRepository;
    contact: ContactRepository;
  }
}

export interface RepositoriesOptions {
  database: Database;
  /** How often to look for a catalogue imported by another process. */
  catalogueRefreshMs: number;
}

/** Routes reach the database only through these repositories. */
async function repositoriesPlugin(
  app: FastifyInstance,
  { database, catalogueRefreshMs }: RepositoriesOptions,
) {
  const catalogue = createCatalogueRepository(database.db);
  await catalogue.refresh();
  const refreshTimer = setInterval(() => {
    catalogue.refresh().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not check the catalogue version');
    });
  }, catalogueRefreshMs);
  refreshTimer.unref();
  app.addHook('onClose', async () => clearInterval(refreshTimer));

  app.decorate('catalogue', catalogue);
  app.decorate('contact', createContactRepository(database.db));
}

export default fp(repositoriesPlugin, { name: 'repositories' });
