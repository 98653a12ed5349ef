import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation, type AppDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createLinkStates } from './link-states.ts';

/** What linking did: `taken` when the Discord account is already linked to another account. */
type LinkOutcome = 'linked' | 'taken';

/** Linked Discord accounts and the OAuth2 states of links in progress. */
export function createDiscordLinksRepository(db: AppDb) {
  return {
    ...createLinkStates(db, 'discord_link_states'),

    async info(uid: string): Promise<{ discord: string | null; discord_id: string | null }> {
      const [row] = await db
        .select({ discord: users.discordName, discord_id: users.discordId })
        .from(users)
        .where(eq(users.uid, uid));
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
