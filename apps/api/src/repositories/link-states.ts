import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';

/** A link to another service in progress (routes/account/link-flow.ts): whose, and where to. */
export interface PendingLink {
  userUid: string;
  returnTo: string;
  redirectUri: string;
  /** Hash of the nonce the starting browser keeps in a cookie. */
  browserNonceHash: string;
}

/**
 * The OAuth2 states of account links in progress, one table per service (Discord, Patreon) of
 * the same shape, keyed by the state's hash.
 */
/** A state taken back: the link it was saved for, and whether it was still within its time. */
const takenState = z.object({
  userUid: z.string(),
  returnTo: z.string(),
  redirectUri: z.string(),
  browserNonceHash: z.string(),
  live: z.boolean(),
});

export function createLinkStates(db: AppDb, table: 'discord_link_states' | 'patreon_link_states') {
  const states = sql.identifier(table);
  return {
    async saveState(stateHash: string, link: PendingLink, expiresAt: Date): Promise<void> {
      // Old states are cleared as new ones are made, so the table stays small without a timer.
      await db.execute(sql`DELETE FROM ${states} WHERE expires_at < now()`);
      await db.execute(sql`
        INSERT INTO ${states}
          (state_hash, user_uid, return_to, redirect_uri, browser_nonce_hash, expires_at)
        VALUES (${stateHash}, ${link.userUid}, ${link.returnTo}, ${link.redirectUri},
                ${link.browserNonceHash}, ${expiresAt.toISOString()})`);
    },

    /**
     * Takes a state: one conditional delete, so a state works once, and only before it expires.
     * Returns null for a state that is unknown, used or expired.
     */
    async takeState(stateHash: string): Promise<PendingLink | null> {
      const [row] = await queryRows(
        db,
        sql`DELETE FROM ${states} WHERE state_hash = ${stateHash}
            RETURNING user_uid AS "userUid", return_to AS "returnTo",
                      redirect_uri AS "redirectUri", browser_nonce_hash AS "browserNonceHash",
                      expires_at > now() AS live`,
        takenState,
      );
      if (!row?.live) return null;
      const { live: _live, ...link } = row;
      return link;
    },
  };
}
