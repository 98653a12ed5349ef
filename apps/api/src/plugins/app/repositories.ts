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

/** Routes reach the database only through these repositories. */
async function repositoriesPlugin(app: FastifyInstance, { database }: { database: Database }) {
  app.decorate('catalogue', createCatalogueRepository(database.db));
  app.decorate('contact', createContactRepository(database.db));
}

export default fp(repositoriesPlugin, { name: 'repositories' });
