import { sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type AppDb } from '../db/client.ts';
import { createLinkStates } from './link-states.ts';

/** What linking did: `taken` when the Discord account is already linked to another account. */
type LinkOutcome = 'linked' | 'taken';

/** Linked Discord accounts and the OAuth2 states of links in progress. */
export function createDiscordLinksRepository(db: AppDb) {
  return {
    ...createLinkStates(db, 'discord_link_states'),

    async info(uid: string): Promise<{ discord: string | null; discord_id: string | null }> {
      const [row] = await queryRows<{ discord: string | null; discord_id: string | null }>(
        db,
        sql`SELECT discord_name AS discord, discord_id FROM users WHERE uid = ${uid}`,
      );
      return row ?? { discord: null, discord_id: null };
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
