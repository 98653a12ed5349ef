import type { ConversionHistoryEntry } from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';

export interface NewConversion {
  userUid: string;
  fileName: string;
  fileSize: number;
  speed: number;
  storageKey: string;
  downloadKeyHash: string;
  /** Milliseconds the file is kept. */
  keepForMs: number;
}

export interface StoredConversion {
  fileName: string;
  storageKey: string;
  expired: boolean;
}

/** How many of a person's conversions the history lists. */
const HISTORY_LIMIT = 200;

const isoTime = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export function createConversionsRepository(db: AppDb) {
  return {
    async add(conversion: NewConversion): Promise<number> {
      const [row] = await rows<{ id: number }>(
        db,
        sql`
        INSERT INTO conversions
          (user_uid, file_name, file_size, speed, storage_key, download_key_hash, expires_at)
        VALUES (${conversion.userUid}, ${conversion.fileName}, ${conversion.fileSize},
          ${conversion.speed}, ${conversion.storageKey}, ${conversion.downloadKeyHash},
          now() + make_interval(secs => ${conversion.keepForMs / 1000}))
        RETURNING id::int AS id`,
      );
      return row!.id;
    },

    /** A person's conversions, newest first; others' are never reachable from here. */
    history(uid: string): Promise<ConversionHistoryEntry[]> {
      return rows<ConversionHistoryEntry>(
        db,
        sql`
        SELECT id::int AS id, file_name, file_size, ${isoTime(sql`created_at`)} AS created,
          (expired_at IS NOT NULL OR expires_at <= now()) AS expired
        FROM conversions WHERE user_uid = ${uid}
        ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`,
      );
    },

    /** The conversion a download key opens, by the key's hash. */
    async byDownloadKeyHash(hash: string): Promise<StoredConversion | null> {
      const [row] = await rows<StoredConversion>(
        db,
        sql`
        SELECT file_name AS "fileName", storage_key AS "storageKey",
          (expired_at IS NOT NULL OR expires_at <= now()) AS expired
        FROM conversions WHERE download_key_hash = ${hash}`,
      );
      return row ?? null;
    },

    /** Conversions whose time is up and whose file is still kept. */
    dueForExpiry(limit: number): Promise<{ id: number; storageKey: string }[]> {
      return rows(
        db,
        sql`
        SELECT id::int AS id, storage_key AS "storageKey" FROM conversions
        WHERE expired_at IS NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT ${limit}`,
      );
    },

    async markExpired(id: number): Promise<void> {
      await db.execute(
        sql`UPDATE conversions SET expired_at = now() WHERE id = ${id} AND expired_at IS NULL`,
      );
    },
  };
}

export type ConversionsRepository = ReturnType<typeof createConversionsRepository>;
