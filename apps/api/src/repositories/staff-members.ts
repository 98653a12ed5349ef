import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { staffMembers } from '../db/schema.ts';

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
const staffMemberRow = z.object({
  email: z.string(),
  granted_at: z.string(),
  has_account: z.boolean(),
}) satisfies z.ZodType<StaffMemberRow>;

export function createStaffMembersRepository(db: AppDb) {
  return {
    /** Returns whether the email was not on the team before. */
    async grant(email: string): Promise<boolean> {
      const rows = await db
        .insert(staffMembers)
        .values({ email: sql`lower(${email})` })
        .onConflictDoNothing()
        .returning({ email: staffMembers.email });
      return rows.length > 0;
    },

    /** Returns whether the email was on the team. */
    async revoke(email: string): Promise<boolean> {
      const rows = await db
        .delete(staffMembers)
        .where(eq(staffMembers.email, sql`lower(${email})`))
        .returning({ email: staffMembers.email });
      return rows.length > 0;
    },

    async list(): Promise<StaffMemberRow[]> {
      return queryRows(
        db,
        sql`SELECT m.email, m.granted_at::text AS granted_at,
                   EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = m.email) AS has_account
            FROM staff_members m ORDER BY m.email`,
        staffMemberRow,
      );
    },

    /** Where the team's notification mails go. */
    async emails(): Promise<string[]> {
      const rows = await db
        .select({ email: staffMembers.email })
        .from(staffMembers)
        .orderBy(asc(staffMembers.email));
      return rows.map((row) => row.email);
    },
  };
}
export type StaffMembersRepository = ReturnType<typeof createStaffMembersRepository>;
