import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { createServingCatalogue, type ServingCatalogue } from '../../catalogue/serving.ts';
import { fetchSharedCopy } from '../../catalogue/shared-copy.ts';
import { createContactRepository, type ContactRepository } from '../../repositories/contact.ts';
import { createFavoritesRepository } from '../../repositories/favorites.ts';
import { createFavorites, type Favorites } from '../../favorites/favorites.ts';
import { createUsersRepository, type UsersRepository } from '../../repositories/users.ts';
import { createFeedRepository, type FeedRepository } from '../../repositories/feed.ts';
import { createNetworkRepository, type NetworkRepository } from '../../repositories/network.ts';
import {
  createSupportersRepository,
  type SupportersRepository,
} from '../../repositories/supporters.ts';
import {
  createSubscriberSitesRepository,
  type SubscriberSitesRepository,
} from '../../repositories/subscriber-sites.ts';
import { createRadio, type Radio } from '../../radio/radio.ts';
import { createChannelFeedReader, type ChannelFeedReader } from '../../youtube/channel-feed.ts';
import {
  createChannelResolver,
  type ChannelResolver,
  type ChannelResolverOptions,
} from '../../youtube/channel-resolver.ts';

import {
  createSubscriberGrantsRepository,
  type SubscriberGrantsRepository,
} from '../../repositories/subscriber-grants.ts';
import { createWebsitesRepository, type WebsitesRepository } from '../../repositories/websites.ts';
import {
  createPromotionsRepository,
  type PromotionsRepository,
} from '../../repositories/promotions.ts';
import {
  createDiscordLinksRepository,
  type DiscordLinksRepository,
} from '../../repositories/discord-links.ts';

import {
  createPatreonMembersRepository,
  type PatreonMembersRepository,
} from '../../repositories/patreon-members.ts';
import { createAuditLogRepository, type AuditLogRepository } from '../../repositories/audit-log.ts';
import {
  createCatalogueEditor,
  type CatalogueEditor,
} from '../../repositories/catalogue-editor.ts';
import { createInboxRepository, type InboxRepository } from '../../repositories/inbox.ts';
import { createMailOutbox, type MailOutbox } from '../../repositories/mail-outbox.ts';
import {
  createStaffMembersRepository,
  type StaffMembersRepository,
} from '../../repositories/staff-members.ts';
import {
  createStaffNetworkRepository,
  type StaffNetworkRepository,
} from '../../repositories/staff-network.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inbox: InboxRepository;
    auditLog: AuditLogRepository;
    catalogueEditor: CatalogueEditor;
    mailOutbox: MailOutbox;
    staffMembers: StaffMembersRepository;
    staffNetwork: StaffNetworkRepository;
    subscriberGrants: SubscriberGrantsRepository;
    websites: WebsitesRepository;
    promotions: PromotionsRepository;
    discordLinks: DiscordLinksRepository;
    patreonMembers: PatreonMembersRepository;
    catalogue: ServingCatalogue;
    contact: ContactRepository;
    users: UsersRepository;
    favorites: Favorites;
    radio: Radio;
    network: NetworkRepository;
    feed: FeedRepository;
    supporters: SupportersRepository;
    subscriberSites: SubscriberSitesRepository;
    channelFeeds: ChannelFeedReader;
    channelResolver: ChannelResolver;
  }
}

interface RepositoriesOptions {
  database: Database;
  /** How often to look for a catalogue imported by another process. */
  catalogueRefreshMs: number;
  /** Where the catalogue's built copies are stored for the next start (none: never stored). */
  catalogueCopyFolder?: string;
  /** PostgreSQL's address, for the catalogue's copies to be built in a worker process. */
  catalogueWorkerDatabaseUrl?: string;
  /** YouTube's channel feed endpoint (a local fake in tests). */
  youtubeFeedUrl?: string;
  /** Where channel links are looked up (YouTube's pages and Data API; local fakes in tests). */
  youtubeLookup?: ChannelResolverOptions;
}

/** Routes reach the database only through these repositories. */
async function repositoriesPlugin(
  app: FastifyInstance,
  {
    database,
    catalogueRefreshMs,
    catalogueCopyFolder,
    catalogueWorkerDatabaseUrl,
    youtubeFeedUrl,
    youtubeLookup,
  }: RepositoriesOptions,
) {
  const catalogue = createServingCatalogue(database.db, {
    copyFolder: catalogueCopyFolder,
    workerDatabaseUrl: catalogueWorkerDatabaseUrl,
    // Only PostgreSQL is reached by other processes: the embedded database's copy is its file.
    fetchShared:
      catalogueCopyFolder === undefined || database.engine !== 'postgres'
        ? undefined
        : async (brand, wanted) => {
            const startedAt = performance.now();
            const fetched = await fetchSharedCopy(database, catalogueCopyFolder, brand, wanted);
            if (fetched) {
              const ms = Math.round(performance.now() - startedAt);
              app.log.info({ brand, ms }, 'fetched the catalogue copy shared through the database');
            }
            return fetched;
          },
    onCopyError: (error) =>
      app.log.warn(
        { err: error },
        'could not build, read or write a stored catalogue copy (the catalogue is built here)',
      ),
  });
  await catalogue.refresh();
  let closing = false;
  const refreshTimer = setInterval(() => {
    catalogue.refresh().catch((error: unknown) => {
      // A check under way as the server closes meets the closed database: nothing went wrong.
      if (!closing) app.log.warn({ err: error }, 'could not check the catalogue version');
    });
  }, catalogueRefreshMs);
  refreshTimer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(refreshTimer);
    // A copy half written is never read (it is renamed into place whole); finishing it spares
    // the next start a build.
    await catalogue.stored();
  });

  app.decorate('catalogue', catalogue);
  app.decorate('contact', createContactRepository(database.db));
  app.decorate('users', createUsersRepository(database.db));
  app.decorate('favorites', createFavorites(createFavoritesRepository(database.db), catalogue));
  const radio = await createRadio(database.db, catalogue, {
    listenersInMemory: database.engine === 'pglite',
  });
  app.addHook('onClose', () => radio.close());
  app.decorate('radio', radio);
  app.decorate('network', createNetworkRepository(database.db));
  app.decorate('feed', createFeedRepository(database.db));
  app.decorate('supporters', createSupportersRepository(database.db));
  app.decorate('subscriberGrants', createSubscriberGrantsRepository(database.db));
  app.decorate('websites', createWebsitesRepository(database.db));
  app.decorate('promotions', createPromotionsRepository(database.db));
  app.decorate('discordLinks', createDiscordLinksRepository(database.db));
  app.decorate('patreonMembers', createPatreonMembersRepository(database.db));
  app.decorate('subscriberSites', createSubscriberSitesRepository(database.db));
  app.decorate('inbox', createInboxRepository(database.db));
  app.decorate('auditLog', createAuditLogRepository(database.db));
  app.decorate(
    'catalogueEditor',
    createCatalogueEditor(database.db, {
      // This process patches its copy before the change is answered; the others see the
      // version move within their next check and patch theirs.
      onChange: () =>
        catalogue.refresh().catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not patch the catalogue after a change');
        }),
    }),
  );
  app.decorate('mailOutbox', createMailOutbox(database.db));
  app.decorate('staffMembers', createStaffMembersRepository(database.db));
  app.decorate('staffNetwork', createStaffNetworkRepository(database.db));
  app.decorate(
    'channelFeeds',
    createChannelFeedReader({
      baseUrl: youtubeFeedUrl,
      // The feed address names a public channel, nothing private; the reason says what failed.
      onError: (feedUrl, error) =>
        app.log.warn({ feedUrl, reason: String(error) }, 'could not read a YouTube channel feed'),
    }),
  );
  app.decorate(
    'channelResolver',
    createChannelResolver({
      ...youtubeLookup,
      // The reason names what failed, never an address: the Data API's carries the key.
      onError: (source, reason) =>
        app.log.warn({ source, reason }, 'could not look a YouTube channel up'),
    }),
  );
}

export default fp(repositoriesPlugin, { name: 'repositories' });
