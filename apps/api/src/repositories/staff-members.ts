import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client.ts';

export interface StaffMemberRow {
  email: string;
  granted_at: string;
  /** Whether someone has signed up with this email yet (a grant waits for them if not). */
  has_account: boolean;
}

/**
 * The team, keyed by lower-case email so that a grant made before the person signs up applies once
 * they do. Every change is one idempotent statement.
 */
export function createStaffMembersRepository(db: AppDb) {
  return {
    /** Returns whether the email was not on the team before. */
    async grant(email: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`INSERT INTO staff_members (email) VALUES (lower(${email}))
            ON CONFLICT (email) DO NOTHING RETURNING email`,
      );
      return rows.length > 0;
    },

    /** Returns whether the email was on the team. */
    async revoke(email: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`DELETE FROM staff_members WHERE email = lower(${email}) RETURNING email`,
      );
      return rows.length > 0;
    },

    async list(): Promise<StaffMemberRow[]> {
      return queryRows<StaffMemberRow>(
        db,
        sql`SELECT m.email, m.granted_at::text AS granted_at,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = m.email) AS has_account
            FROM staff_members m ORDER BY m.email`,
      );
    },

    /** Where the team's notification mails go. */
    async emails(): Promise<string[]> {
      const rows = await queryRows<{ email: string }>(
        db,
        sql`SELECT email FROM staff_members ORDER BY email`,
      );
      return rows.map((row) => row.email);
    },
  };
}
export type StaffMembersRepository = ReturnType<typeof createStaffMembersRepository>;
