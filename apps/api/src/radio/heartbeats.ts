import { hash } from 'node:crypto';
import type { HeartbeatRow, RadioRepository } from '../repositories/radio.ts';

/** Listeners poll every 5 s; one missed poll does not make them leave. */
export const LISTENER_WINDOW_SECONDS = 15;
const LISTENER_WINDOW_MS = LISTENER_WINDOW_SECONDS * 1_000;
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
/** Listeners' heartbeats, new ones included, are written together this often. */
const HEARTBEAT_FLUSH_MS = 1_000;
/**
 * A listener's row is deleted once they have not polled for this long: the count reads the last
 * 15 s and nothing reads further back, a listener who comes back is written anew, and a hash of
 * an address is kept a minute or two rather than for ever. Four windows, so that no count misses
 * a row.
 */
export const LISTENER_FORGOTTEN_AFTER_SECONDS = 60;
/** How often this process deletes the forgotten listeners' rows. */
const FORGET_EVERY_MS = 60_000;
/**
 * Rows per statement of a heartbeat batch. The embedded database runs a statement on the event
 * loop, holding every other request while it runs: with 100 rows the radio's longest block of
 * own work at 1,000 polls a second was 5.1-5.4 ms, with 50 it is 3.3-3.4 ms.
 */
export const HEARTBEAT_BATCH_ROWS = 50;

/**
 * The key a client is counted under, never its address itself: a hash of the address as the
 * rate limits see it (`rateLimitKey`: an IPv4 address, or the IPv6 network a subscriber's devices
 * share).
 */
export function addressKeyOf(clientAddress: string): string {
  let key = addressKeys.get(clientAddress);
  if (key === undefined) {
    if (addressKeys.size >= ADDRESS_KEYS_KEPT) addressKeys.clear();
    key = hash('sha256', clientAddress, 'base64url').slice(0, 16);
    addressKeys.set(clientAddress, key);
  }
  return key;
}

/**
 * The keys of the addresses polling lately: each listener polls every 5 s from the same address,
 * and hashing it again at every poll was a thirtieth of the poll's work. In this process's memory
 * only, as the rate limits keep addresses; emptied when full.
 */
const addressKeys = new Map<string, string>();
const ADDRESS_KEYS_KEPT = 10_000;

interface PendingHeartbeat extends HeartbeatRow {
  /** Counted at once by this process, before its row is written. */
  countedEarly: boolean;
}

/**
 * Where heartbeats are written and listeners counted: the `radio_listeners` table, which every
 * process of a site on PostgreSQL shares (`RadioRepository`), or, on the embedded database that
 * one process alone opens, that process's memory (`listener-memory.ts`).
 */
export type ListenerStore = Pick<
  RadioRepository,
  'writeHeartbeats' | 'countListeners' | 'forgetListeners' | 'listenersByStation'
>;

export interface HeartbeatBatcherOptions {
  /** Where the batches are written to and the listeners counted from. */
  store: ListenerStore;
  /** This process's clock (tests move it by hand). */
  now?: () => number;
  /** Whether a timer writes the batch every second; tests call `flush` themselves. */
  flushOnTimer?: boolean;
}

/**
 * Listeners' heartbeats, collected from polls and written in batches, and the count of each
 * station's listeners. A poll never waits for a write: a listener new to this process counts at
 * once, added to what the table says until their row lands, so the count a poll is answered with
 * includes the listener who asked, and the table (which every process counts from) has them
 * within a second.
 */
export function createHeartbeatBatcher({
  store,
  now = Date.now,
  flushOnTimer = true,
}: HeartbeatBatcherOptions) {
  /**
   * When this process last noted each listener's heartbeat for writing, by station and listener.
   * A listener missing here has not polled this process within the listener window: they are new.
   */
  const heartbeatsNoted = new Map<string, number>();
  let notedPrunedAt = now();
  /** Heartbeats due to be written by the next flush, by station and listener. */
  const pending = new Map<string, PendingHeartbeat>();
  /** Per station, listeners counted at once whose first heartbeat has not landed yet. */
  const unwrittenNewListeners = new Map<string, number>();
  /**
   * Per station and address key, the listener ids of that address this process has counted
   * within the listener window (at most LISTENERS_PER_ADDRESS), with when each was last seen.
   */
  const countedIdsByAddress = new Map<string, Map<string, number>>();
  const counts = new Map<string, { countedAt: number; count: Promise<number> }>();
  /** The batch being written, which a later flush waits for: a caller of `flush` sees it landed. */
  let flushing: Promise<void> = Promise.resolve();
  /** The deletion of forgotten listeners under way, if one is; when the last one started. */
  let forgetting: Promise<void> | null = null;
  let forgottenAt = now();
  let closed = false;

  /** Whether `listenerId` is among the ids counted for its address (noting it if there is room). */
  function countedForAddress(addressSlot: string, listenerId: string, at: number): boolean {
    let ids = countedIdsByAddress.get(addressSlot);
    if (!ids) countedIdsByAddress.set(addressSlot, (ids = new Map()));
    for (const [id, seenAt] of ids) {
      if (at - seenAt >= LISTENER_WINDOW_MS) ids.delete(id);
    }
    if (!ids.has(listenerId) && ids.size >= LISTENERS_PER_ADDRESS) return false;
    ids.set(listenerId, at);
    return true;
  }

  /** Forgets listeners and addresses not heard from within the listener window. */
  function pruneForgotten(at: number) {
    if (at - notedPrunedAt <= LISTENER_WINDOW_MS) return;
    notedPrunedAt = at;
    for (const [key, notedAt] of heartbeatsNoted) {
      if (at - notedAt >= LISTENER_WINDOW_MS) heartbeatsNoted.delete(key);
    }
    for (const [slot, ids] of countedIdsByAddress) {
      const newest = Math.max(...ids.values());
      if (at - newest >= LISTENER_WINDOW_MS) countedIdsByAddress.delete(slot);
    }
  }

  function settleUnwritten(batch: readonly PendingHeartbeat[]) {
    for (const beat of batch) {
      if (!beat.countedEarly) continue;
      const left = (unwrittenNewListeners.get(beat.stationId) ?? 1) - 1;
      if (left > 0) unwrittenNewListeners.set(beat.stationId, left);
      else unwrittenNewListeners.delete(beat.stationId);
    }
  }

  async function writePending(): Promise<void> {
    const batch = [...pending.values()];
    pending.clear();
    try {
      // A few rows per statement: one statement of thousands would hold every other request on
      // the embedded database for milliseconds. Between statements the loop takes a turn (there
      // each statement waits for one: `statementsTakingTurns` in `db/client.ts`).
      for (let start = 0; start < batch.length; start += HEARTBEAT_BATCH_ROWS) {
        const chunk = batch.slice(start, start + HEARTBEAT_BATCH_ROWS);
        await store.writeHeartbeats(
          chunk.map(({ stationId, listenerId, addressKey }) => ({
            stationId,
            listenerId,
            addressKey,
          })),
        );
      }
    } catch (error) {
      // The listeners of a failed batch are noted again on their next polls.
      for (const beat of batch) heartbeatsNoted.delete(`${beat.stationId}|${beat.listenerId}`);
      throw error;
    } finally {
      settleUnwritten(batch);
    }
  }

  function flush(): Promise<void> {
    const next = flushing.catch(() => {}).then(writePending);
    flushing = next;
    return next;
  }

  /**
   * Deletes the rows of every station's listeners not heard from for a minute, in statements of a
   * batch's size (each holds the embedded database's event loop while it runs), beside the
   * batches rather than before them: a site's first deletion after an upgrade has every listener
   * ever heard to delete, and the heartbeats must not wait for it. One deletion at a time.
   */
  function forget(): Promise<void> {
    if (forgetting) return forgetting;
    forgottenAt = now();
    const run = (async () => {
      let forgotten: number;
      do {
        forgotten = await store.forgetListeners(
          LISTENER_FORGOTTEN_AFTER_SECONDS,
          HEARTBEAT_BATCH_ROWS,
        );
      } while (forgotten === HEARTBEAT_BATCH_ROWS && !closed);
    })();
    forgetting = run.finally(() => (forgetting = null));
    return forgetting;
  }

  const flushTimer = flushOnTimer
    ? setInterval(() => {
        // A failed batch is written again with the listeners' next polls, a failed delete at the
        // next minute.
        flush().catch(() => {});
        if (now() - forgottenAt >= FORGET_EVERY_MS) forget().catch(() => {});
      }, HEARTBEAT_FLUSH_MS)
    : undefined;
  flushTimer?.unref();

  return {
    /**
     * Notes a listener's poll, for the next batch (a listener's again at most every 8 s), unless
     * their address already has its share of listeners counted here. A listener new to this
     * process counts at once.
     */
    record(stationId: string, listenerId: string, addressKey: string): void {
      const key = `${stationId}|${listenerId}`;
      const at = now();
      const lastNoted = heartbeatsNoted.get(key);
      if (lastNoted !== undefined && at - lastNoted < HEARTBEAT_REFRESH_MS) return;
      pruneForgotten(at);
      // An id beyond its address's share adds nothing to any process's count (the table's count
      // takes at most that many ids of an address, and this process writes that many): it is
      // not written, so a flood of made-up ids costs no row, and it asks again at its next poll.
      if (!countedForAddress(`${stationId}|${addressKey}`, listenerId, at)) return;
      heartbeatsNoted.set(key, at);
      const alreadyEarly = pending.get(key)?.countedEarly ?? false;
      const countsNow = !alreadyEarly && lastNoted === undefined;
      pending.set(key, {
        stationId,
        listenerId,
        addressKey,
        countedEarly: alreadyEarly || countsNow,
      });
      if (!countsNow) return;
      unwrittenNewListeners.set(stationId, (unwrittenNewListeners.get(stationId) ?? 0) + 1);
      // They may have polled another process before: the next recount, within a second, settles it.
      const cached = counts.get(stationId);
      if (cached) {
        cached.count = cached.count.then((count) => count + 1);
        // A failed count is answered to the polls that wait for it, never left unhandled.
        cached.count.catch(() => {});
      }
    },

    /**
     * The station's listeners: those of every process's heartbeats in the table (recounted at
     * most once a second) and this process's new ones whose rows have not landed yet.
     */
    count(stationId: string): Promise<number> {
      const at = now();
      const cached = counts.get(stationId);
      if (cached && at - cached.countedAt < LISTENER_COUNT_TTL_MS) return cached.count;
      // The new listeners not yet written as the recount is asked for: one who joins while it is
      // under way is added to the cached count by `record`, and must not be added here too.
      const unwritten = unwrittenNewListeners.get(stationId) ?? 0;
      const count = store
        .countListeners(stationId, {
          windowSeconds: LISTENER_WINDOW_SECONDS,
          perAddress: LISTENERS_PER_ADDRESS,
        })
        .then((written) => written + unwritten);
      counts.set(stationId, { countedAt: at, count });
      count.catch(() => counts.delete(stationId));
      return count;
    },

    /**
     * Writes the heartbeats waiting for the next batch now (a caller that must see the table at
     * rest: a test comparing it before and after a refused request).
     */
    flush,

    /**
     * Deletes the forgotten listeners' rows now, or joins the deletion under way (the timer
     * starts one every minute).
     */
    forget,

    /** Per station, the listener ids heard from within the listener window (the metrics'). */
    heardByStation: () => store.listenersByStation(LISTENER_WINDOW_SECONDS),

    /** Writes the heartbeats still waiting; the server calls it when it closes. */
    async close(): Promise<void> {
      clearInterval(flushTimer);
      closed = true;
      // A lost batch costs at most a listener counted a poll late, an unfinished deletion is
      // taken up by the next minute's: closing must not fail on either.
      await Promise.all([flush().catch(() => {}), forgetting?.catch(() => {})]);
    },
  };
}
