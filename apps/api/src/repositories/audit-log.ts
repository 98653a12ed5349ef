import type { BrandId } from '@fansite/brand-config';
import { auditEntrySchema, STAFF_PAGE_SIZE, type AuditEntry } from '@fansite/contract';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { staffAuditLog } from '../db/schema.ts';

/** Who made a change through the staff pages, and on which brand's site. */
export interface StaffActor {
  email: string;
  brand: BrandId;
}

export interface AuditChange {
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one change to the audit log. Called inside the change's own transaction, so a change is
 * logged exactly when it is made, and a refused one leaves no entry.
 */
export async function recordChange(tx: AppDb, actor: StaffActor, change: AuditChange) {
  await tx.insert(staffAuditLog).values({
    actorEmail: actor.email,
    brand: actor.brand,
    action: change.action,
    subject: change.subject,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** An entry of a page of the log, with the number of entries of every page. */
const auditRowOfPage = auditEntrySchema.extend({ total: z.number() });

export function createAuditLogRepository(db: AppDb) {
  return {
    /** One brand's changes, newest first, a page at a time. */
    async page(brand: BrandId, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const rows = await queryRows(
        db,
        sql`SELECT id::int AS id,
                   to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
                   actor_email AS actor, action, subject, before, after,
                   count(*) OVER ()::int AS total
            FROM staff_audit_log WHERE brand = ${brand}
            ORDER BY at DESC, id DESC
            LIMIT ${STAFF_PAGE_SIZE} OFFSET ${(page - 1) * STAFF_PAGE_SIZE}`,
        auditRowOfPage,
      );
      const total = rows[0]?.total ?? (await this.count(brand));
      return { entries: rows.map(({ total: _total, ...entry }) => entry), total };
    },

    async count(brand: BrandId): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(staffAuditLog)
        .where(eq(staffAuditLog.brand, brand));
      return row?.total ?? 0;
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
