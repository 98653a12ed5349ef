import type { BrandId } from '@fansite/brand-config';
import { radioSongSchema } from '@fansite/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';

/**
 * The radio's tables (`radio_stations`, `radio_history`, `radio_listeners`), read and written
 * one statement at a time. What plays and who counts is decided in `src/radio`.
 */

const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whether a station's song has ended, or ends within `toleranceSeconds`, on the database's clock. */
const songOver = (toleranceSeconds: number) =>
  sql`(youtube_id IS NULL OR start_time + duration_seconds * interval '1 second'
    <= clock_timestamp() + ${toleranceSeconds} * interval '1 second')`;

/** A station's row with its song and the songs played before it, as the database has them. */
const stationRowSchema = z.object({
  youtube_url: z.string().nullable(),
  start_time: z.string(),
  title: z.string().nullable(),
  author_name: z.string().nullable(),
  category_name: z.string().nullable(),
  category_id: z.string().nullable(),
  duration: z.number(),
  /** The database's clock when it read the row. */
  server_time: z.string(),
  /** Whether the song has ended (or ends within the tolerance asked for). */
  ended: z.boolean(),
  last_played: z.array(radioSongSchema),
});
export type StationRow = z.infer<typeof stationRowSchema>;

const exists = z.object({ exists: z.boolean() });

/** A listener's poll as written: who, from which address (hashed), to which station. */
export interface HeartbeatRow {
  stationId: string;
  listenerId: string;
  addressKey: string;
}

export function createRadioRepository(db: AppDb) {
  return {
    async readStation(
      stationId: string,
      options: { endToleranceSeconds: number; lastPlayed: number },
    ): Promise<StationRow | undefined> {
      const [row] = await queryRows(
        db,
        sql`
        SELECT s.youtube_id AS youtube_url, ${isoUtc(sql`st.start_time`)} AS start_time,
          s.title, s.author_name, hp.name AS category_name, s.category_id,
          st.duration_seconds AS duration,
          ${isoUtc(sql`clock_timestamp()`)} AS server_time,
          (s.youtube_id IS NULL OR st.start_time + st.duration_seconds * interval '1 second'
            <= clock_timestamp() + ${options.endToleranceSeconds} * interval '1 second') AS ended,
          (SELECT coalesce(json_agg(played), '[]'::json) FROM (
            SELECT ps.youtube_id AS youtube_url, ${isoUtc(sql`h.start_time`)} AS start_time,
              ps.title, ps.author_name, php.name AS category_name, ps.category_id
            FROM radio_history h
            JOIN songs ps ON ps.youtube_id = h.youtube_id
            JOIN playlists php ON php.brand = ps.brand AND php.id = ps.category_id
            WHERE h.station_id = st.id AND h.start_time < st.start_time
            ORDER BY h.start_time DESC LIMIT ${options.lastPlayed}
          ) played) AS last_played
        FROM radio_stations st
        LEFT JOIN songs s ON s.youtube_id = st.youtube_id
        LEFT JOIN playlists hp ON hp.brand = s.brand AND hp.id = s.category_id
        WHERE st.id = ${stationId}`,
        stationRowSchema,
      );
      return row;
    },

    /** The database's clock alone, a query of nothing (ISO 8601, UTC). */
    async readClock(): Promise<string> {
      const [clock] = await queryRows(
        db,
        sql`SELECT ${isoUtc(sql`clock_timestamp()`)} AS now`,
        z.object({ now: z.string() }),
      );
      return clock!.now;
    },

    /** The video ids of the station's last `count` songs, newest first. */
    async recentSongs(stationId: string, count: number): Promise<string[]> {
      const recent = await queryRows(
        db,
        sql`SELECT youtube_id FROM radio_history WHERE station_id = ${stationId}
            ORDER BY start_time DESC LIMIT ${count}`,
        z.object({ youtube_id: z.string() }),
      );
      return recent.map((row) => row.youtube_id);
    },

    /**
     * Moves the station to `next` only if its song has ended, in one statement (with its history
     * row): of many callers at the same instant, exactly one advances it. A song no longer in
     * the catalogue moves nothing.
     */
    async advanceIfEnded(
      stationId: string,
      next: { youtube_id: string; duration_seconds: number },
      endToleranceSeconds: number,
    ): Promise<void> {
      await db.execute(sql`
        WITH advanced AS (
          UPDATE radio_stations
          SET youtube_id = ${next.youtube_id}, start_time = clock_timestamp(),
            duration_seconds = ${next.duration_seconds}
          WHERE id = ${stationId}
            AND EXISTS (SELECT 1 FROM songs WHERE youtube_id = ${next.youtube_id})
            AND ${songOver(endToleranceSeconds)}
          RETURNING id, youtube_id, start_time
        )
        INSERT INTO radio_history (station_id, youtube_id, start_time)
        SELECT id, youtube_id, start_time FROM advanced`);
    },

    async playlistExists(brand: BrandId, playlistId: string): Promise<boolean> {
      const [row] = await queryRows(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM playlists WHERE brand = ${brand} AND id = ${playlistId}) AS exists`,
        exists,
      );
      return row!.exists;
    },

    /** Whether the brand's catalogue (or one playlist of it) has a song to play. */
    async hasSongs(brand: BrandId, playlistId: string | null): Promise<boolean> {
      const [row] = await queryRows(
        db,
        playlistId
          ? sql`SELECT EXISTS (SELECT 1 FROM playlist_songs WHERE brand = ${brand} AND playlist_id = ${playlistId}) AS exists`
          : sql`SELECT EXISTS (SELECT 1 FROM songs WHERE brand = ${brand}) AS exists`,
        exists,
      );
      return row!.exists;
    },

    /** The station's row, playing nothing yet (its first poll picks a song), unless it exists. */
    async createStation(stationId: string): Promise<void> {
      await db.execute(sql`
        INSERT INTO radio_stations (id, youtube_id, start_time, duration_seconds)
        VALUES (${stationId}, NULL, 'epoch', 0) ON CONFLICT (id) DO NOTHING`);
    },

    /**
     * Listeners of the station heard within `windowSeconds`, over every process's heartbeats, at
     * most `perAddress` ids of each address.
     */
    async countListeners(
      stationId: string,
      options: { windowSeconds: number; perAddress: number },
    ): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`SELECT coalesce(sum(least(ids, ${options.perAddress})), 0)::int AS total FROM (
              SELECT count(*) AS ids FROM radio_listeners WHERE station_id = ${stationId}
                AND last_seen > clock_timestamp() - ${options.windowSeconds} * interval '1 second'
              GROUP BY address_key) per_address`,
        z.object({ total: z.number() }),
      );
      return row?.total ?? 0;
    },

    /** Per station, the listener ids heard from within `windowSeconds` (every id, uncapped). */
    async listenersByStation(
      windowSeconds: number,
    ): Promise<{ station: string; listeners: number }[]> {
      return queryRows(
        db,
        sql`SELECT station_id AS station, count(*)::int AS listeners FROM radio_listeners
            WHERE last_seen > clock_timestamp() - ${windowSeconds} * interval '1 second'
            GROUP BY station_id`,
        z.object({ station: z.string(), listeners: z.number() }),
      );
    },

    /**
     * Deletes at most `limit` rows of listeners not seen for `seconds`, of every station, and
     * says how many went. A row its listener refreshes meanwhile (another process's heartbeat)
     * stays: the delete checks its age again as it takes it. A row another process holds (its
     * heartbeat batch under way) is skipped, never waited for: a deletion that waited while the
     * batch waited for a row the deletion held was a deadlock, which PostgreSQL ended by failing
     * one of them after a second.
     */
    async forgetListeners(seconds: number, limit: number): Promise<number> {
      const stale = sql`last_seen < clock_timestamp() - ${seconds} * interval '1 second'`;
      const [row] = await queryRows(
        db,
        sql`WITH forgotten AS (
              DELETE FROM radio_listeners WHERE ${stale} AND (station_id, listener_id) IN (
                SELECT station_id, listener_id FROM radio_listeners WHERE ${stale} LIMIT ${limit}
                FOR UPDATE SKIP LOCKED)
              RETURNING 1)
            SELECT count(*)::int AS forgotten FROM forgotten`,
        z.object({ forgotten: z.number() }),
      );
      return row!.forgotten;
    },

    /**
     * Deletes every listener's row: on the embedded database, whose one process keeps its
     * listeners in memory (`radio/listener-memory.ts`), the rows an older version wrote.
     */
    async clearListeners(): Promise<void> {
      await db.execute(sql`DELETE FROM radio_listeners`);
    },

    /**
     * Heartbeats in one statement: each listener's row seen now, made on their first. The rows
     * go as three text arrays, one parameter each: a statement of 50 rows cost 40% less on the
     * embedded database than the same rows as a list of values (150 parameters to parse). They
     * are written in key order, so two processes' batches naming the same listeners (a listener's
     * polls reach whichever process the proxy picks) take their rows' locks in the same order and
     * one waits for the other instead of each waiting for the other.
     */
    async writeHeartbeats(beats: readonly HeartbeatRow[]): Promise<void> {
      if (!beats.length) return;
      const column = (pick: (beat: HeartbeatRow) => string) =>
        sql`${sql.param(beats.map(pick))}::text[]`;
      await db.execute(sql`
        INSERT INTO radio_listeners (station_id, listener_id, address_key, last_seen)
        SELECT station_id, listener_id, address_key, clock_timestamp()
        FROM unnest(${column((beat) => beat.stationId)}, ${column((beat) => beat.listenerId)},
          ${column((beat) => beat.addressKey)}) AS beat(station_id, listener_id, address_key)
        ORDER BY station_id, listener_id
        ON CONFLICT (station_id, listener_id)
        DO UPDATE SET last_seen = excluded.last_seen, address_key = excluded.address_key`);
    },
  };
}

export type RadioRepository = ReturnType<typeof createRadioRepository>;
