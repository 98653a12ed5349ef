import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client.ts';

export interface PendingLink {
  userUid: string;
  returnTo: string;
  redirectUri: string;
}

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
        INSERT INTO discord_link_states (state_hash, user_uid, return_to, redirect_uri, expires_at)
        VALUES (${stateHash}, ${link.userUid}, ${link.returnTo}, ${link.redirectUri},
                ${expiresAt.toISOString()})`);
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
                      redirect_uri AS "redirectUri", expires_at > now() AS live`,
      );
      return row?.live ? row : null;
    },

    async link(uid: string, discordId: string, discordName: string): Promise<void> {
      await db.execute(
        sql`UPDATE users SET discord_id = ${discordId}, discord_name = ${discordName}
            WHERE uid = ${uid}`,
      );
    },

    async unlink(uid: string): Promise<void> {
      await db.execute(
        sql`UPDATE users SET discord_id = NULL, discord_name = NULL WHERE uid = ${uid}`,
      );
    },
  };
}

export type DiscordLinksRepository = ReturnType<typeof createDiscordLinksRepository>;
