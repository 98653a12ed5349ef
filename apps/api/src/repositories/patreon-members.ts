import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { patreonLinks } from '../db/schema.ts';
import { createLinkStates } from './link-states.ts';

/**
 * A Patreon membership as this site keeps it: who (member id, Patreon user id, email), of which
 * campaign, until when it is paid, and the key that orders what Patreon tells about it.
 */
export interface MembershipState {
  memberId: string;
  patreonUserId: string | null;
  campaignId: string;
  /** As Patreon sent it (any script); compared lower-cased. Null without the email scope. */
  email: string | null;
  /** Access ends here; null when no paid period is known (or it was refunded). */
  paidUntil: string | null;
  /** A charge that grants nothing new (declined, pending, a free trial) keeps the stored end. */
  keepsPaidUntil: boolean;
  /** The ordering key, first part: the date of the last charge. */
  lastChargeAt: string | null;
  /** The ordering key, second part: how far this charge's story has gone (`stateRank`). */
  stateRank: number;
}

export interface PatreonLinkInfo {
  /** The linked Patreon user's name, or null when none is linked. */
  name: string | null;
  /** The end of the paid period of the linked user's membership, when one is paid up to now. */
  paidUntil: string | null;
}

/**
 * Patreon memberships (keyed by member id), the accounts' linked Patreon users and the OAuth2
 * states of links in progress.
 */
export function createPatreonMembersRepository(db: AppDb) {
  return {
    ...createLinkStates(db, 'patreon_link_states'),

    /**
     * Saves what Patreon says of a membership, unless what is stored is newer: one conditional
     * statement, compared on (last charge date, state rank), so a late or retried delivery changes
     * nothing and two deliveries at once end in the newer one. Returns whether it was saved.
     */
    async apply(state: MembershipState): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`INSERT INTO patreon_members AS m (member_id, patreon_user_id, campaign_id, email,
                                             paid_until, last_charge_at, state_rank)
            VALUES (${state.memberId}, ${state.patreonUserId}, ${state.campaignId},
                    lower(${state.email}), ${state.paidUntil}, ${state.lastChargeAt},
                    ${state.stateRank})
            ON CONFLICT (member_id) DO UPDATE SET
              patreon_user_id = coalesce(EXCLUDED.patreon_user_id, m.patreon_user_id),
              campaign_id = coalesce(nullif(EXCLUDED.campaign_id, ''), m.campaign_id),
              email = coalesce(EXCLUDED.email, m.email),
              paid_until = CASE WHEN ${state.keepsPaidUntil} THEN m.paid_until
                                ELSE EXCLUDED.paid_until END,
              last_charge_at = EXCLUDED.last_charge_at,
              state_rank = EXCLUDED.state_rank,
              updated_at = now()
            WHERE (coalesce(m.last_charge_at, '-infinity'), m.state_rank)
               <= (coalesce(EXCLUDED.last_charge_at, '-infinity'), EXCLUDED.state_rank)
            RETURNING member_id`,
        z.object({ member_id: z.string() }),
      );
      if (rows.length > 0 && state.email) {
        // A grant carried over by email from before memberships had ids gives way to the real one.
        await db.execute(
          sql`DELETE FROM patreon_members WHERE member_id = 'email:' || lower(${state.email})`,
        );
      }
      return rows.length > 0;
    },

    /** Links the Patreon user to the account; a Patreon user is linked to one account at most. */
    async link(uid: string, patreonUserId: string, name: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`DELETE FROM patreon_links WHERE patreon_user_id = ${patreonUserId} OR user_uid = ${uid}`,
        );
        await tx.execute(
          sql`INSERT INTO patreon_links (user_uid, patreon_user_id, patreon_name)
              VALUES (${uid}, ${patreonUserId}, ${name})`,
        );
      });
    },

    /** Returns whether a link was removed. */
    async unlink(uid: string): Promise<boolean> {
      const rows = await db
        .delete(patreonLinks)
        .where(eq(patreonLinks.userUid, uid))
        .returning({ userUid: patreonLinks.userUid });
      return rows.length > 0;
    },

    async linkInfo(uid: string): Promise<PatreonLinkInfo> {
      const [row] = await queryRows(
        db,
        sql`SELECT l.patreon_name AS name,
                   (SELECT max(m.paid_until) FROM patreon_members m
                    WHERE m.patreon_user_id = l.patreon_user_id AND m.paid_until > now()
                   )::text AS "paidUntil"
            FROM patreon_links l WHERE l.user_uid = ${uid}`,
        z.object({ name: z.string(), paidUntil: z.string().nullable() }),
      );
      return row ?? { name: null, paidUntil: null };
    },
  };
}

export type PatreonMembersRepository = ReturnType<typeof createPatreonMembersRepository>;
