import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client.ts';

/** Uids known to have a row; bounded, so a flood of new users cannot grow it without end. */
const KNOWN_USERS_LIMIT = 10_000;

export function createUsersRepository(db: AppDb) {
  const knownUids = new Set<string>();

  return {
    /**
     * Makes the user's row on their first authenticated call. One conditional statement, so two
     * first calls at once both succeed; later calls skip the database while the uid is remembered.
     */
    async ensure(uid: string, email: string | null): Promise<void> {
      if (knownUids.has(uid)) return;
      await db.execute(sql`
        INSERT INTO users (uid, email) VALUES (${uid}, ${email})
        ON CONFLICT (uid) DO UPDATE SET email = EXCLUDED.email
        WHERE users.email IS DISTINCT FROM EXCLUDED.email`);
      if (knownUids.size >= KNOWN_USERS_LIMIT) knownUids.clear();
      knownUids.add(uid);
    },

    /** Whether the person holds a subscriber grant for their (case-insensitive) email. */
    async isSubscriber(uid: string): Promise<boolean> {
      const [row] = await queryRows<{ subscriber: boolean }>(
        db,
        sql`
        SELECT EXISTS (
          SELECT 1 FROM users JOIN subscriber_grants ON subscriber_grants.email = lower(users.email)
          WHERE users.uid = ${uid}
        ) AS subscriber`,
      );
      return row?.subscriber === true;
    },

    /** Whether the person is on the team (staff_members, by case-insensitive email). */
    async isStaff(uid: string): Promise<boolean> {
      const [row] = await queryRows<{ staff: boolean }>(
        db,
        sql`
        SELECT EXISTS (
          SELECT 1 FROM users JOIN staff_members ON staff_members.email = lower(users.email)
          WHERE users.uid = ${uid}
        ) AS staff`,
      );
      return row?.staff === true;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
