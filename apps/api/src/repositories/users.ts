import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { currentSubscriberUids } from './subscriber-status.ts';

/** Users known to have an up-to-date row; bounded, so a flood of new users cannot grow it without end. */
const KNOWN_USERS_LIMIT = 10_000;

export function createUsersRepository(db: AppDb) {
  /** `uid email verified` of rows known to be up to date. */
  const knownUsers = new Set<string>();

  return {
    /**
     * Makes the user's row on their first authenticated call. One conditional statement, so two
     * first calls at once both succeed; later calls skip the database while the uid is remembered.
     */
    async ensure(uid: string, email: string | null, emailVerified: boolean): Promise<void> {
      // A changed email or a newly verified one is written at once: grants by email follow it.
      const key = `${uid} ${email ?? ''} ${emailVerified}`;
      if (knownUsers.has(key)) return;
      await db.execute(sql`
        INSERT INTO users (uid, email, email_verified) VALUES (${uid}, ${email}, ${emailVerified})
        ON CONFLICT (uid) DO UPDATE
        SET email = EXCLUDED.email, email_verified = EXCLUDED.email_verified
        WHERE users.email IS DISTINCT FROM EXCLUDED.email
           OR users.email_verified IS DISTINCT FROM EXCLUDED.email_verified`);
      if (knownUsers.size >= KNOWN_USERS_LIMIT) knownUsers.clear();
      knownUsers.add(key);
    },

    /** Whether the person is a subscriber now (`currentSubscriberUids`). */
    async isSubscriber(uid: string): Promise<boolean> {
      const [row] = await queryRows(
        db,
        sql`SELECT EXISTS (
              SELECT 1 FROM (${currentSubscriberUids}) s WHERE s.uid = ${uid}
            ) AS subscriber`,
        z.object({ subscriber: z.boolean() }),
      );
      return row?.subscriber === true;
    },

    /**
     * Whether the person is on the team (staff_members, by case-insensitive email). Like every
     * grant by email, only once the email is verified: anyone can sign up with an address.
     */
    async isStaff(uid: string): Promise<boolean> {
      const [row] = await queryRows(
        db,
        sql`
        SELECT EXISTS (
          SELECT 1 FROM users JOIN staff_members ON staff_members.email = lower(users.email)
          WHERE users.uid = ${uid} AND users.email_verified
        ) AS staff`,
        z.object({ staff: z.boolean() }),
      );
      return row?.staff === true;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
