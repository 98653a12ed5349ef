import { createHash } from 'node:crypto';
import type { BrandId } from '@fansite/brand-config';
import { ClockEstimate, type RadioNowPlaying } from '@fansite/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { StationSong } from '../catalogue/catalogue-snapshot.ts';

/**
 * Each brand's fm site has its station, named by the brand, playing that brand's catalogue; a
 * newcomers station plays one playlist of the brand.
 */
const stationIdOf = (brand: BrandId, playlistId: string | null) =>
  playlistId ? `${brand}:${playlistId}` : brand;

/**
 * A listener's timer may fire a little before the server thinks the song is over; a call this
 * close to the end still advances, an earlier one gets the current song back unchanged.
 */
const END_TOLERANCE_SECONDS = 2;
/** Songs played this recently are not picked again (when the pool is large enough). */
const REPEAT_WINDOW = 50;
/** Listeners poll every 5 s; one missed poll does not make them leave. */
const LISTENER_WINDOW_SECONDS = 15;
/**
 * A listener's heartbeat is written again only when this process wrote it this long ago: one
 * poll in two skips the write, and a listener polling every 5 s stays well inside the window.
 */
const HEARTBEAT_REFRESH_MS = 8_000;
/**
 * Counting thousands of listeners on every poll would cost more than the rest of the poll, so a
 * station's count is recounted at most once a second; a listener who joins meanwhile adds one.
 */
const LISTENER_COUNT_TTL_MS = 1_000;
/**
 * Listener ids counted per client address within the listener window: a family, a classroom's
 * few shared screens. More ids from one address are made up (or many people behind one address,
 * who then count as this many): ids are free to invent, addresses are not.
 */
export const LISTENERS_PER_ADDRESS = 4;
const LAST_PLAYED_COUNT = 5;
/**
 * A poll is answered from this process's copy of the station, read from the database at most this
 * often (and whenever its song ends): another process may have moved the station on.
 */
const STATION_RECHECK_MS = 2_000;
/** Listeners' heartbeats, new ones included, are written together this often. */
const HEARTBEAT_FLUSH_MS = 1_000;
/**
 * Rows per statement of a heartbeat batch. The embedded database runs a statement on the event
 * loop, holding every other request while it runs: with 100 rows the radio's longest block of
 * own work at 1,000 polls a second was 5.1-5.4 ms, with 50 it is 3.3-3.4 ms.
 */
const HEARTBEAT_BATCH_ROWS = 50;

/**
 * A station read is a query of several joins: when it waited (a first query planned, a busy
 * event loop), the database's clock it carries may be this far off or more, and a few readings
 * of the clock alone, a query of nothing, are taken until one is closer. Without them the first
 * answers would carry the error until a quicker read replaced it, and listeners who joined
 * before and after would hear the station that far apart.
 */
const CLOCK_PRECISION_MS = 5;
const CLOCK_READINGS = 3;

const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface StationState {
  youtube_url: string | null;
  start_time: string;
  title: string | null;
  author_name: string | null;
  category_name: string | null;
  category_id: string | null;
  duration: number;
  server_time: string;
  ended: boolean;
  last_played: RadioNowPlaying['last_played'];
}

interface Heartbeat {
  stationId: string;
  listenerId: string;
  addressKey: string;
  /** The listener's first poll to this process within the listener window. */
  isNew: boolean;
}

export class StationNotFoundError extends Error {}

/** What a `setnewsong` call is, as the station sees it when it arrives. */
export type EndOfSongCall =
  /** The station's song is ending (or has ended): the call moves it on. */
  | 'ending'
  /** It names a song the station has already moved on from: it gets the station as it is. */
  | 'replaced'
  /** The song plays on: an early call, which changes nothing and counts against a limit. */
  | 'early';

/**
 * The key a client is counted under, never its address itself: a hash of the address as the
 * rate limits see it (`rateLimitKey`: an IPv4 address, or the IPv6 network a subscriber's devices
 * share).
 */
function addressKeyOf(clientAddress: string): string {
  return createHash('sha256').update(clientAddress).digest('base64url').slice(0, 16);
}

/**
 * A station's next song is picked from the catalogue's serving copy (`catalogue`), in memory:
 * counting and skipping through 100,000 songs in the database took 35 ms of the event loop on the
 * embedded database at every song change.
 */
export function createRadioRepository(db: AppDb, catalogue: ServingCatalogue) {
  /**
   * The database's clock, which every server process's listeners hear the station by, measured
   * against this process's at each read of a station: a read that waited (the embedded database
   * answers on the event loop) would otherwise move the clock of every poll answered until the
   * next read by as long as it waited, and two listeners answered either side of it would hear
   * the station that far apart.
   */
  const databaseClock = new ClockEstimate();

  async function readStation(stationId: string): Promise<StationState | undefined> {
    const sentAt = Date.now();
    const [state] = await rows<StationState>(
      db,
      sql`
        SELECT s.youtube_id AS youtube_url, ${isoUtc(sql`st.start_time`)} AS start_time,
          s.title, s.author_name, hp.name AS category_name, s.category_id,
          st.duration_seconds AS duration,
          ${isoUtc(sql`clock_timestamp()`)} AS server_time,
          (s.youtube_id IS NULL OR st.start_time + st.duration_seconds * interval '1 second'
            <= clock_timestamp() + ${END_TOLERANCE_SECONDS} * interval '1 second') AS ended,
          (SELECT coalesce(json_agg(played), '[]'::json) FROM (
            SELECT ps.youtube_id AS youtube_url, ${isoUtc(sql`h.start_time`)} AS start_time,
              ps.title, ps.author_name, php.name AS category_name, ps.category_id
            FROM radio_history h
            JOIN songs ps ON ps.youtube_id = h.youtube_id
            JOIN playlists php ON php.brand = ps.brand AND php.id = ps.category_id
            WHERE h.station_id = st.id AND h.start_time < st.start_time
            ORDER BY h.start_time DESC LIMIT ${LAST_PLAYED_COUNT}
          ) played) AS last_played
        FROM radio_stations st
        LEFT JOIN songs s ON s.youtube_id = st.youtube_id
        LEFT JOIN playlists hp ON hp.brand = s.brand AND hp.id = s.category_id
        WHERE st.id = ${stationId}`,
    );
    if (state) databaseClock.add(Date.parse(state.server_time), sentAt, Date.now());
    for (let reading = 0; reading < CLOCK_READINGS; reading++) {
      if (databaseClock.errorMs <= CLOCK_PRECISION_MS) break;
      const clockSentAt = Date.now();
      const [clock] = await rows<{ now: string }>(
        db,
        sql`SELECT ${isoUtc(sql`clock_timestamp()`)} AS now`,
      );
      databaseClock.add(Date.parse(clock!.now), clockSentAt, Date.now());
    }
    return state;
  }

  /**
   * A random song of the station's pool that it has not played lately: the main station plays
   * the whole catalogue, a newcomers station its playlist; a pool no larger than the window plays
   * any of its songs.
   */
  async function pickNextSong(
    stationId: string,
    brand: BrandId,
    playlistId: string | null,
  ): Promise<StationSong> {
    const recent = await rows<{ youtube_id: string }>(
      db,
      sql`SELECT youtube_id FROM radio_history WHERE station_id = ${stationId}
          ORDER BY start_time DESC LIMIT ${REPEAT_WINDOW}`,
    );
    const song = await catalogue
      .of(brand)
      .stationSong(playlistId, new Set(recent.map((row) => row.youtube_id)));
    if (!song) {
      throw new StationNotFoundError(playlistId ? 'This station has no songs' : 'No songs yet');
    }
    return song;
  }

  /**
   * Moves the station to `next` only if its song has ended, in one statement: of many listeners
   * asking at the same instant, exactly one advances it and the others see the new song. A song
   * an import has just removed (picked from the copy in service before it caught up, within
   * seconds) moves nothing: the next poll picks again.
   */
  async function advanceIfEnded(stationId: string, next: StationSong): Promise<void> {
    await db.execute(sql`
      WITH advanced AS (
        UPDATE radio_stations
        SET youtube_id = ${next.youtube_id}, start_time = clock_timestamp(),
          duration_seconds = ${next.duration_seconds}
        WHERE id = ${stationId}
          AND EXISTS (SELECT 1 FROM songs WHERE youtube_id = ${next.youtube_id})
          AND (youtube_id IS NULL OR start_time + duration_seconds * interval '1 second'
            <= clock_timestamp() + ${END_TOLERANCE_SECONDS} * interval '1 second')
        RETURNING id, youtube_id, start_time
      )
      INSERT INTO radio_history (station_id, youtube_id, start_time)
      SELECT id, youtube_id, start_time FROM advanced`);
  }

  /**
   * When this process last wrote each listener's heartbeat, by station and listener. A listener
   * missing here has not polled this process within the listener window: they are new.
   */
  const heartbeatsWritten = new Map<string, number>();
  let heartbeatsPrunedAt = Date.now();
  const listenerCounts = new Map<string, { countedAt: number; count: Promise<number> }>();

  function countListeners(stationId: string): Promise<number> {
    const now = Date.now();
    const cached = listenerCounts.get(stationId);
    if (cached && now - cached.countedAt < LISTENER_COUNT_TTL_MS) return cached.count;
    // At most LISTENERS_PER_ADDRESS ids of each address count, over every process's heartbeats.
    const count = rows<{ total: number }>(
      db,
      sql`SELECT coalesce(sum(least(ids, ${LISTENERS_PER_ADDRESS})), 0)::int AS total FROM (
            SELECT count(*) AS ids FROM radio_listeners WHERE station_id = ${stationId}
              AND last_seen > clock_timestamp() - ${LISTENER_WINDOW_SECONDS} * interval '1 second'
            GROUP BY address_key) per_address`,
    )
      // New listeners whose first heartbeat is not written yet count too.
      .then(([row]) => (row?.total ?? 0) + (unwrittenNewListeners.get(stationId) ?? 0));
    listenerCounts.set(stationId, { countedAt: now, count });
    count.catch(() => listenerCounts.delete(stationId));
    return count;
  }

  /** Heartbeats due to be written by the next flush, by station and listener. */
  const pendingHeartbeats = new Map<string, Heartbeat>();
  /** Per station, listeners new to this process whose first heartbeat has not landed yet. */
  const unwrittenNewListeners = new Map<string, number>();

  /** The batch being written, which a later flush waits for: a caller of `flush` sees it landed. */
  let flushing: Promise<void> = Promise.resolve();

  function flushHeartbeats(): Promise<void> {
    const next = flushing.catch(() => {}).then(writePendingHeartbeats);
    flushing = next;
    return next;
  }

  async function writePendingHeartbeats(): Promise<void> {
    const batch = [...pendingHeartbeats.values()];
    pendingHeartbeats.clear();
    try {
      // A few rows per statement (`HEARTBEAT_BATCH_ROWS`): one statement of thousands would hold
      // every other request on the embedded database for milliseconds. Between statements the
      // loop takes a turn (there each statement waits for one: `statementsTakingTurns` in
      // `db/client.ts`).
      for (let start = 0; start < batch.length; start += HEARTBEAT_BATCH_ROWS) {
        const chunk = batch.slice(start, start + HEARTBEAT_BATCH_ROWS);
        const stations = `{${chunk.map((beat) => `"${beat.stationId}"`).join(',')}}`;
        const listeners = `{${chunk.map((beat) => `"${beat.listenerId}"`).join(',')}}`;
        const addresses = `{${chunk.map((beat) => `"${beat.addressKey}"`).join(',')}}`;
        // Station and listener ids are letters, digits, hyphens and the colon after a brand (the
        // contract checks the ids it takes); address keys are base64url.
        await db.execute(sql`
          INSERT INTO radio_listeners (station_id, listener_id, address_key, last_seen)
          SELECT station_id, listener_id, address_key, clock_timestamp()
          FROM unnest(${stations}::text[], ${listeners}::text[], ${addresses}::text[])
            AS beat(station_id, listener_id, address_key)
          ON CONFLICT (station_id, listener_id)
          DO UPDATE SET last_seen = excluded.last_seen, address_key = excluded.address_key`);
      }
    } catch (error) {
      // The listeners of a failed batch are written again on their next polls.
      for (const beat of batch) heartbeatsWritten.delete(`${beat.stationId}|${beat.listenerId}`);
      throw error;
    } finally {
      for (const beat of batch) {
        if (!beat.isNew) continue;
        const left = (unwrittenNewListeners.get(beat.stationId) ?? 1) - 1;
        if (left > 0) unwrittenNewListeners.set(beat.stationId, left);
        else unwrittenNewListeners.delete(beat.stationId);
      }
    }
  }

  /**
   * Per station and address key, the listener ids of that address this process has counted
   * within the listener window (at most LISTENERS_PER_ADDRESS), with when each was last seen.
   */
  const countedIdsByAddress = new Map<string, Map<string, number>>();

  /** Whether `listenerId` is among the ids counted for its address (noting it if there is room). */
  function countedForAddress(addressSlot: string, listenerId: string, now: number): boolean {
    let ids = countedIdsByAddress.get(addressSlot);
    if (!ids) countedIdsByAddress.set(addressSlot, (ids = new Map()));
    for (const [id, seenAt] of ids) {
      if (now - seenAt >= LISTENER_WINDOW_SECONDS * 1_000) ids.delete(id);
    }
    if (!ids.has(listenerId) && ids.size >= LISTENERS_PER_ADDRESS) return false;
    ids.set(listenerId, now);
    return true;
  }

  /**
   * Notes a listener's poll; heartbeats are written together by the next flush, within a second.
   * A listener new to this process counts at once (the count adds the ones not written yet),
   * unless their address already has its share of listeners counted here.
   */
  function recordListener(stationId: string, listenerId: string, addressKey: string) {
    const key = `${stationId}|${listenerId}`;
    const now = Date.now();
    const lastWritten = heartbeatsWritten.get(key);
    if (lastWritten !== undefined && now - lastWritten < HEARTBEAT_REFRESH_MS) return;
    heartbeatsWritten.set(key, now);
    if (now - heartbeatsPrunedAt > LISTENER_WINDOW_SECONDS * 1_000) {
      heartbeatsPrunedAt = now;
      for (const [written, at] of heartbeatsWritten) {
        if (now - at >= LISTENER_WINDOW_SECONDS * 1_000) heartbeatsWritten.delete(written);
      }
      for (const [slot, ids] of countedIdsByAddress) {
        const newest = Math.max(...ids.values());
        if (now - newest >= LISTENER_WINDOW_SECONDS * 1_000) countedIdsByAddress.delete(slot);
      }
    }
    const counted = countedForAddress(`${stationId}|${addressKey}`, listenerId, now);
    const alreadyNew = pendingHeartbeats.get(key)?.isNew ?? false;
    const countsNow = !alreadyNew && lastWritten === undefined && counted;
    pendingHeartbeats.set(key, {
      stationId,
      listenerId,
      addressKey,
      isNew: alreadyNew || countsNow,
    });
    if (!countsNow) return;
    unwrittenNewListeners.set(stationId, (unwrittenNewListeners.get(stationId) ?? 0) + 1);
    // They may have polled another process before: the next recount, within a second, settles it.
    const cached = listenerCounts.get(stationId);
    if (cached) {
      cached.count = cached.count.then((count) => count + 1);
      // A failed count is answered to the polls that wait for it, never left unhandled.
      cached.count.catch(() => {});
    }
  }

  /** Stations this process has seen in the database, so polls skip the creating insert. */
  const knownStations = new Set<string>();

  async function ensureStation(stationId: string, brand: BrandId, playlistId: string | null) {
    if (knownStations.has(stationId)) return;
    if (playlistId) {
      const [exists] = await rows(
        db,
        sql`SELECT 1 FROM playlists WHERE brand = ${brand} AND id = ${playlistId}`,
      );
      if (!exists) throw new StationNotFoundError('This station does not exist');
    }
    // A station with nothing to play is refused before its row is written: a refused poll
    // leaves the database as it found it.
    const [playable] = await rows(
      db,
      playlistId
        ? sql`SELECT 1 FROM playlist_songs WHERE brand = ${brand} AND playlist_id = ${playlistId} LIMIT 1`
        : sql`SELECT 1 FROM songs WHERE brand = ${brand} LIMIT 1`,
    );
    if (!playable) {
      throw new StationNotFoundError(playlistId ? 'This station has no songs' : 'No songs yet');
    }
    await db.execute(sql`
      INSERT INTO radio_stations (id, youtube_id, start_time, duration_seconds)
      VALUES (${stationId}, NULL, 'epoch', 0) ON CONFLICT (id) DO NOTHING`);
    knownStations.add(stationId);
  }

  interface KnownStation {
    state: StationState;
    /** When the song ends, on the database's clock. */
    endsAt: number;
    readAt: number;
  }
  /** This process's copy of each station, from which polls are answered. */
  const stations = new Map<string, KnownStation>();
  const reading = new Map<string, Promise<KnownStation>>();

  /**
   * The station as the database has it, moved on first when its song is over: of any number of
   * simultaneous calls in this process one reads (and maybe advances) and the others share it.
   */
  function readFromDatabase(
    stationId: string,
    brand: BrandId,
    playlistId: string | null,
  ): Promise<KnownStation> {
    let pending = reading.get(stationId);
    if (!pending) {
      pending = (async () => {
        await ensureStation(stationId, brand, playlistId);
        let state = await readStation(stationId);
        if (!state) {
          // The row went away behind this process's back (an operator reset the radio).
          knownStations.delete(stationId);
          await ensureStation(stationId, brand, playlistId);
          state = await readStation(stationId);
        }
        if (state?.ended) {
          await advanceIfEnded(stationId, await pickNextSong(stationId, brand, playlistId));
          state = await readStation(stationId);
        }
        if (!state?.youtube_url) throw new StationNotFoundError('No songs yet');
        const known = {
          state,
          endsAt: Date.parse(state.start_time) + state.duration * 1_000,
          readAt: Date.now(),
        };
        stations.set(stationId, known);
        return known;
      })().finally(() => reading.delete(stationId));
      reading.set(stationId, pending);
    }
    return pending;
  }

  const flushTimer = setInterval(() => {
    // A failed batch is written again with the listeners' next polls.
    flushHeartbeats().catch(() => {});
  }, HEARTBEAT_FLUSH_MS);
  flushTimer.unref();

  return {
    /**
     * The station's song now, from this process's copy while its song plays (read again every
     * few seconds). `advance` (a player whose song ended: setnewsong) always asks the database,
     * which moves the station on only if the song has ended there too; a station nobody heard
     * for a while moves on at its next poll.
     */
    async nowPlaying(options: {
      brand: BrandId;
      newcomersPlaylistId?: string;
      listenerId?: string;
      /** The client's address (`rateLimitKey`): only a few listener ids of one address count. */
      listenerAddress?: string;
      advance?: boolean;
      /** When the request reached the server (`Date.now()`); when this is called if not given. */
      receivedAt?: number;
    }): Promise<RadioNowPlaying> {
      const receivedAt = options.receivedAt ?? Date.now();
      const playlistId = options.newcomersPlaylistId ?? null;
      const stationId = stationIdOf(options.brand, playlistId);
      await ensureStation(stationId, options.brand, playlistId);

      const now = Date.now();
      let known = stations.get(stationId);
      const stillPlaying =
        known !== undefined &&
        now - known.readAt < STATION_RECHECK_MS &&
        now + databaseClock.offsetMs < known.endsAt - END_TOLERANCE_SECONDS * 1_000;
      if (options.advance || !stillPlaying) {
        known = await readFromDatabase(stationId, options.brand, playlistId);
      }
      // The listener is recorded once the station is known to play (a refused poll writes
      // nothing) and before the count, which includes them.
      if (options.listenerId) {
        recordListener(stationId, options.listenerId, addressKeyOf(options.listenerAddress ?? ''));
      }
      const { state } = known!;
      const listeners = await countListeners(stationId);
      return {
        youtube_url: state.youtube_url!,
        start_time: state.start_time,
        title: state.title ?? '',
        author_name: state.author_name ?? '',
        category_name: state.category_name ?? '',
        category_id: state.category_id ?? '',
        duration: state.duration,
        // Both on the station's clock as now known (a first read of a station may have just
        // learnt it): the time between them is this server's, whatever the offset.
        server_time: new Date(Date.now() + databaseClock.offsetMs).toISOString(),
        received_time: new Date(receivedAt + databaseClock.offsetMs).toISOString(),
        listeners,
        last_played: state.last_played,
      };
    },

    /**
     * What a `setnewsong` naming `endedSong` (the song that ended for the listener; none from
     * older pages) is: the end of the song playing now, a call for a song the station has
     * already moved on from, or an early call. Read from this process's copy of the station.
     */
    async endOfSongCall(options: {
      brand: BrandId;
      newcomersPlaylistId?: string;
      endedSong?: string;
    }): Promise<EndOfSongCall> {
      const playlistId = options.newcomersPlaylistId ?? null;
      const stationId = stationIdOf(options.brand, playlistId);
      await ensureStation(stationId, options.brand, playlistId);
      const { endedSong } = options;
      const kindBy = ({ state, endsAt }: KnownStation): EndOfSongCall => {
        if (endedSong && endedSong !== state.youtube_url) {
          const played = state.last_played.some((song) => song.youtube_url === endedSong);
          return played ? 'replaced' : 'early';
        }
        const ending =
          Date.now() + databaseClock.offsetMs >= endsAt - END_TOLERANCE_SECONDS * 1_000;
        return ending ? 'ending' : 'early';
      };
      const copy = stations.get(stationId);
      const byCopy = copy ? kindBy(copy) : 'early';
      if (byCopy !== 'early') return byCopy;
      // The copy may be a moment old (another process may have moved the station on): an
      // apparently early call is checked against the database, which moves the station on if
      // its song has ended; of simultaneous calls one reads and the others share its answer.
      const fresh = await readFromDatabase(stationId, options.brand, playlistId);
      const movedOn = copy !== undefined && fresh.state.start_time !== copy.state.start_time;
      if (movedOn && (!endedSong || endedSong === copy.state.youtube_url)) return 'replaced';
      return kindBy(fresh);
    },

    /**
     * Writes the heartbeats waiting for the next batch now (a caller that must see the table at
     * rest: the generated-input test compares it before and after a refused request).
     */
    flush: flushHeartbeats,

    /** Writes the heartbeats still waiting; the server calls it when it closes. */
    async close(): Promise<void> {
      clearInterval(flushTimer);
      // A lost batch costs at most a listener counted a poll late; closing must not fail on it.
      await flushHeartbeats().catch(() => {});
    },
  };
}

export type RadioRepository = ReturnType<typeof createRadioRepository>;
