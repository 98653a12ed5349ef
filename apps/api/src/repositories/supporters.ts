import type { Supporter } from '@fansite/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { subscriberSites } from '../db/schema.ts';
import { siteOwnerSubscribes } from './subscriber-status.ts';

/**
 * Subscribers whose personal site is enabled, for the network page's supporters list: a site whose
 * owner is no longer a subscriber leaves it (and comes back with the grant).
 */
export function createSupportersRepository(db: AppDb) {
  return {
    async withEnabledSites(): Promise<Supporter[]> {
      return db
        .select({
          domain_name: subscriberSites.domainName,
          name: subscriberSites.name,
          profile_pic: subscriberSites.profilePic,
        })
        .from(subscriberSites)
        .where(and(eq(subscriberSites.enabled, 'yes'), siteOwnerSubscribes))
        .orderBy(asc(subscriberSites.name), asc(subscriberSites.domainName));
    },
  };
}

export type SupportersRepository = ReturnType<typeof createSupportersRepository>;
