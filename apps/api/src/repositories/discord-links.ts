import { sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type AppDb } from '../db/client.ts';

export interface PendingLink {
  userUid: string;
  returnTo: string;
  redirectUri: string;
  /** Hash of the nonce the starting browser keeps in a cookie. */
  browserNonceHash: string;
}

/** What linking did: `taken` when the Discord account is already linked to another account. */
type LinkOutcome = 'linked' | 'taken';

/** Linked Discord accounts and the OAuth2 states of links in progress. */
export function createDiscordLinksRepository(db: AppDb) {
  return {
    async info(uid: string): Promise<{ discord: string | null; discord_id: string | null }> {
      const [row] = await queryRows<{ discord: string | null; discord_id: string | null }>(
        db,
        sql`SELECT discord_name AS discord, discord_id FROM users WHERE uid = ${uid}`,
      );
      return row ?? { discord: null, discord_id: null };
    },

    async saveState(stateHash: string, link: PendingLink, expiresAt: Date): Promise<void> {
      // Old states are cleared as new ones are made, so the table stays small without a timer.
      await db.execute(sql`DELETE FROM discord_link_states WHERE expires_at < now()`);
      await db.execute(sql`
        INSERT INTO discord_link_states
          (state_hash, user_uid, return_to, redirect_uri, browser_nonce_hash, expires_at)
        VALUES (${stateHash}, ${link.userUid}, ${link.returnTo}, ${link.redirectUri},
                ${link.browserNonceHash}, ${expiresAt.toISOString()})`);
    },

    /**
     * Takes a state: one conditional delete, so a state works once, and only before it expires.
     * Returns null for a state that is unknown, used or expired.
     */
    async takeState(stateHash: string): Promise<PendingLink | null> {
      const [row] = await queryRows<PendingLink & { live: boolean }>(
        db,
        sql`DELETE FROM discord_link_states WHERE state_hash = ${stateHash}
            RETURNING user_uid AS "userUid", return_to AS "returnTo",
                      redirect_uri AS "redirectUri", browser_nonce_hash AS "browserNonceHash",
                      expires_at > now() AS live`,
      );
      return row?.live ? row : null;
    },

    /**
     * Links a Discord account to a user. The unique index on `discord_id` decides between two
     * links of one Discord account racing each other: exactly one update succeeds.
     */
    async link(uid: string, discordId: string, discordName: string): Promise<LinkOutcome> {
      try {
        await db.execute(
          sql`UPDATE users SET discord_id = ${discordId}, discord_name = ${discordName}
              WHERE uid = ${uid}`,
        );
        return 'linked';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async unlink(uid: string): Promise<void> {
      await db.execute(
        sql`UPDATE users SET discord_id = NULL, discord_name = NULL WHERE uid = ${uid}`,
      );
    },
  };
}

export type DiscordLinksRepository = ReturnType<typeof createDiscordLinksRepository>;
