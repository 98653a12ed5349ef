import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { subscriberGrants } from '../db/schema.ts';

/**
 * Who granted a subscription: an operator by hand. ('patreon' rows were email grants of the
 * webhook before memberships were followed by member id: patreon_members keeps those now.)
 */
export type GrantSource = 'operator' | 'patreon';

export interface GrantRow {
  email: string;
  source: GrantSource;
  granted_at: string;
  /** Whether someone has signed up with this email yet (a grant waits for them if not). */
  has_account: boolean;
  /** Whether that account's email is verified (the grant applies only then). */
  verified: boolean;
}

/**
 * Subscriber grants, keyed by lower-case email so that a grant made before the person signs up
 * applies once they do (and have verified that email: `currentSubscriberUids`). Every change is one idempotent statement: replaying it changes nothing.
 */
const grantRow = z.object({
  email: z.string(),
  source: z.enum(['operator', 'patreon']),
  granted_at: z.string(),
  has_account: z.boolean(),
  verified: z.boolean(),
}) satisfies z.ZodType<GrantRow>;

export function createSubscriberGrantsRepository(db: AppDb) {
  return {
    /** Grants (or keeps) a subscription; returns whether the email was not a subscriber before. */
    async grant(email: string, source: GrantSource): Promise<boolean> {
      const rows = await db
        .insert(subscriberGrants)
        .values({ email: sql`lower(${email})`, source })
        .onConflictDoNothing()
        .returning({ email: subscriberGrants.email });
      return rows.length > 0;
    },

    /**
     * Revokes a subscription; with `onlySource`, only a grant from that source (Patreon cannot
     * take away what an operator granted). Returns whether a grant was removed.
     */
    async revoke(email: string, onlySource?: GrantSource): Promise<boolean> {
      const rows = await db
        .delete(subscriberGrants)
        .where(
          and(
            eq(subscriberGrants.email, sql`lower(${email})`),
            onlySource ? eq(subscriberGrants.source, onlySource) : undefined,
          ),
        )
        .returning({ email: subscriberGrants.email });
      return rows.length > 0;
    },

    async list(): Promise<GrantRow[]> {
      return queryRows(
        db,
        sql`SELECT g.email, g.source, g.granted_at::text AS granted_at,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = g.email) AS has_account,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = g.email
                                                  AND u.email_verified) AS verified
            FROM subscriber_grants g ORDER BY g.email`,
        grantRow,
      );
    },
  };
}

export type SubscriberGrantsRepository = ReturnType<typeof createSubscriberGrantsRepository>;
