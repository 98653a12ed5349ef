import type { Supporter } from '@fansite/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { subscriberSites } from '../db/schema.ts';

/** Subscribers whose personal site is enabled, for the network page's supporters list. */
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
        .where(eq(subscriberSites.enabled, 'yes'))
        .orderBy(asc(subscriberSites.name), asc(subscriberSites.domainName));
    },
  };
}

export type SupportersRepository = ReturnType<typeof createSupportersRepository>;
