import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';

export interface NewConversion {
  userUid: string;
  fileName: string;
  fileSize: number;
  speed: number;
  storageKey: string;
  downloadKeyHash: string;
  /** The key itself, so that the history gives the link again while the file is kept. */
  downloadKey: string;
  /** Milliseconds the file is kept. */
  keepForMs: number;
}

const storedConversionSchema = z.object({
  fileName: z.string(),
  storageKey: z.string(),
  expired: z.boolean(),
});
export type StoredConversion = z.infer<typeof storedConversionSchema>;

/** A history row as stored: the download key while the file is kept, else null. */
const storedHistoryEntrySchema = z.object({
  id: z.number(),
  file_name: z.string(),
  file_size: z.number(),
  created: z.string(),
  expired: z.boolean(),
  download_key: z.string().nullable(),
});
export type StoredHistoryEntry = z.infer<typeof storedHistoryEntrySchema>;

/** How many of a person's conversions the history lists. */
const HISTORY_LIMIT = 200;

const isoTime = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The person's conversions made in the window, and when the oldest of them leaves it. */
const recentConversionsSchema = z.object({
  count: z.number(),
  /** ISO time; null when there are none. */
  oldestLeavesAt: z.string().nullable(),
});

/** Namespace of the per-person advisory lock taken while a conversion is counted and added. */
const PER_PERSON_LOCK = 72110002;

function recent(db: AppDb, uid: string, windowMs: number) {
  return queryRows(
    db,
    sql`
    SELECT count(*)::int AS count,
      ${isoTime(sql`(min(created_at) + make_interval(secs => ${windowMs / 1000}::float8))`)} AS "oldestLeavesAt"
    FROM conversions
    WHERE user_uid = ${uid} AND created_at > now() - make_interval(secs => ${windowMs / 1000}::float8)`,
    recentConversionsSchema,
  ).then(([row]) => row!);
}

async function insert(db: AppDb, conversion: NewConversion): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`
    INSERT INTO conversions
      (user_uid, file_name, file_size, speed, storage_key, download_key_hash, download_key,
        expires_at)
    VALUES (${conversion.userUid}, ${conversion.fileName}, ${conversion.fileSize},
      ${conversion.speed}, ${conversion.storageKey}, ${conversion.downloadKeyHash},
      ${conversion.downloadKey}, now() + make_interval(secs => ${conversion.keepForMs / 1000}))
    RETURNING id::int AS id`,
    z.object({ id: z.number() }),
  );
  return row!.id;
}

export function createConversionsRepository(db: AppDb) {
  return {
    /** How many conversions a person made in the last `windowMs`, whichever process made them. */
    recent: (uid: string, windowMs: number) => recent(db, uid, windowMs),

    /**
     * Adds the conversion unless the person already made `limit` in the last `windowMs`; answers
     * null then. Counting and adding hold a per-person lock, so processes adding at once for the
     * same person count each other.
     */
    addWithinLimit(
      conversion: NewConversion,
      { limit, windowMs }: { limit: number; windowMs: number },
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${PER_PERSON_LOCK}, hashtext(${conversion.userUid}))`,
        );
        const { count } = await recent(tx, conversion.userUid, windowMs);
        if (count >= limit) return null;
        return insert(tx, conversion);
      });
    },

    /** A person's conversions, newest first; others' are never reachable from here. */
    history(uid: string): Promise<StoredHistoryEntry[]> {
      return queryRows(
        db,
        sql`
        SELECT id::int AS id, file_name, file_size, ${isoTime(sql`created_at`)} AS created,
          (expired_at IS NOT NULL OR expires_at <= now()) AS expired,
          CASE WHEN expired_at IS NULL AND expires_at > now() THEN download_key END AS download_key
        FROM conversions WHERE user_uid = ${uid}
        ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`,
        storedHistoryEntrySchema,
      );
    },

    /** The conversion a download key opens, by the key's hash. */
    async byDownloadKeyHash(hash: string): Promise<StoredConversion | null> {
      const [row] = await queryRows(
        db,
        sql`
        SELECT file_name AS "fileName", storage_key AS "storageKey",
          (expired_at IS NOT NULL OR expires_at <= now()) AS expired
        FROM conversions WHERE download_key_hash = ${hash}`,
        storedConversionSchema,
      );
      return row ?? null;
    },

    /** Conversions whose time is up and whose file is still kept. */
    dueForExpiry(limit: number): Promise<{ id: number; storageKey: string }[]> {
      return queryRows(
        db,
        sql`
        SELECT id::int AS id, storage_key AS "storageKey" FROM conversions
        WHERE expired_at IS NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT ${limit}`,
        z.object({ id: z.number(), storageKey: z.string() }),
      );
    },

    async markExpired(id: number): Promise<void> {
      await db.execute(
        sql`UPDATE conversions SET expired_at = now(), download_key = NULL
            WHERE id = ${id} AND expired_at IS NULL`,
      );
    },
  };
}

export type ConversionsRepository = ReturnType<typeof createConversionsRepository>;
