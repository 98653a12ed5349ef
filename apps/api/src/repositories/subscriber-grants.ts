import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client.ts';

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
export function createSubscriberGrantsRepository(db: AppDb) {
  return {
    /** Grants (or keeps) a subscription; returns whether the email was not a subscriber before. */
    async grant(email: string, source: GrantSource): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`INSERT INTO subscriber_grants (email, source) VALUES (lower(${email}), ${source})
            ON CONFLICT (email) DO NOTHING RETURNING email`,
      );
      return rows.length > 0;
    },

    /**
     * Revokes a subscription; with `onlySource`, only a grant from that source (Patreon cannot
     * take away what an operator granted). Returns whether a grant was removed.
     */
    async revoke(email: string, onlySource?: GrantSource): Promise<boolean> {
      const rows = await queryRows(
        db,
        onlySource
          ? sql`DELETE FROM subscriber_grants WHERE email = lower(${email}) AND source = ${onlySource}
                RETURNING email`
          : sql`DELETE FROM subscriber_grants WHERE email = lower(${email}) RETURNING email`,
      );
      return rows.length > 0;
    },

    async list(): Promise<GrantRow[]> {
      return queryRows<GrantRow>(
        db,
        sql`SELECT g.email, g.source, g.granted_at::text AS granted_at,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = g.email) AS has_account,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = g.email
                                                  AND u.email_verified) AS verified
            FROM subscriber_grants g ORDER BY g.email`,
      );
    },
  };
}

export type SubscriberGrantsRepository = ReturnType<typeof createSubscriberGrantsRepository>;
