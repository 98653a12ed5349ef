import type { BrandId } from '@fansite/brand-config';
import { STAFF_PAGE_SIZE, type AuditEntry } from '@fansite/contract';
import { sql } from 'drizzle-orm';
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

export function createAuditLogRepository(db: AppDb) {
  return {
    /** One brand's changes, newest first, a page at a time. */
    async page(brand: BrandId, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const rows = await queryRows<AuditEntry & { total: number }>(
        db,
        sql`SELECT id::int AS id,
                   to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
                   actor_email AS actor, action, subject, before, after,
                   count(*) OVER ()::int AS total
            FROM staff_audit_log WHERE brand = ${brand}
            ORDER BY at DESC, id DESC
            LIMIT ${STAFF_PAGE_SIZE} OFFSET ${(page - 1) * STAFF_PAGE_SIZE}`,
      );
      const total = rows[0]?.total ?? (await this.count(brand));
      return { entries: rows.map(({ total: _total, ...entry }) => entry), total };
    },

    async count(brand: BrandId): Promise<number> {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`SELECT count(*)::int AS total FROM staff_audit_log WHERE brand = ${brand}`,
      );
      return row?.total ?? 0;
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
