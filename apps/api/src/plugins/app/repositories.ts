import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import {
  createCatalogueRepository,
  type CatalogueRepository,
} from '../../repositories/catalogue.ts';
import { createContactRepository, type ContactRepository } from '../../repositories/contact.ts';
import {
  createFavoritesRepository,
  type FavoritesRepository,
} from '../../repositories/favorites.ts';
import { createUsersRepository, type UsersRepository } from '../../repositories/users.ts';
import { createRadioRepository, type RadioRepository } from '../../repositories/radio.ts';
import { createFeedRepository, type FeedRepository } from '../../repositories/feed.ts';
import { createNetworkRepository, type NetworkRepository } from '../../repositories/network.ts';
import {
  createSupportersRepository,
  type SupportersRepository,
} from '../../repositories/supporters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueRepository;
    contact: ContactRepository;
    users: UsersRepository;
    favorites: FavoritesRepository;
    radio: RadioRepository;
    network: NetworkRepository;
    feed: FeedRepository;
    supporters: SupportersRepository;
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
  app.decorate('users', createUsersRepository(database.db));
  app.decorate('favorites', createFavoritesRepository(database.db, catalogue));
  const radio = createRadioRepository(database.db);
  app.addHook('onClose', () => radio.close());
  app.decorate('radio', radio);
  app.decorate('network', createNetworkRepository(database.db));
  app.decorate('feed', createFeedRepository(database.db));
  app.decorate('supporters', createSupportersRepository(database.db));
}

export default fp(repositoriesPlugin, { name: 'repositories' });
