import type { ListenerStore } from './heartbeats.ts';

interface Heartbeat {
  addressKey: string;
  /** This process's clock when the heartbeat was written. */
  lastSeen: number;
}

/**
 * Listeners' heartbeats in this process's memory, with the table's meaning (`radio_listeners`,
 * `repositories/radio.ts`): the store of the embedded database. Only one process opens that
 * database (its folder is locked), so no other process counts from the table, and there its
 * statements run on the event loop: a new listener's row cost a fifth of their first poll's time,
 * and the count of 5,000 listeners of 5,000 addresses held the loop for 5-12 ms every second
 * (docs/radio-station.md). A restart forgets who listened: each counts again at their next poll.
 */
export function createListenerMemory(now: () => number = Date.now): ListenerStore {
  /** By station, then listener id: a listener's entry keeps its place when written again. */
  const stations = new Map<string, Map<string, Heartbeat>>();
  const heardSince = (seconds: number) => now() - seconds * 1_000;

  return {
    async writeHeartbeats(beats) {
      const at = now();
      for (const { stationId, listenerId, addressKey } of beats) {
        let listeners = stations.get(stationId);
        if (!listeners) stations.set(stationId, (listeners = new Map()));
        listeners.set(listenerId, { addressKey, lastSeen: at });
      }
    },

    async countListeners(stationId, { windowSeconds, perAddress }) {
      const since = heardSince(windowSeconds);
      const idsByAddress = new Map<string, number>();
      for (const { addressKey, lastSeen } of stations.get(stationId)?.values() ?? []) {
        if (lastSeen > since) idsByAddress.set(addressKey, (idsByAddress.get(addressKey) ?? 0) + 1);
      }
      let total = 0;
      for (const ids of idsByAddress.values()) total += Math.min(ids, perAddress);
      return total;
    },

    async forgetListeners(seconds, limit) {
      const before = heardSince(seconds);
      let forgotten = 0;
      for (const [stationId, listeners] of stations) {
        for (const [listenerId, { lastSeen }] of listeners) {
          if (forgotten === limit) return forgotten;
          if (lastSeen < before) {
            listeners.delete(listenerId);
            forgotten++;
          }
        }
        if (listeners.size === 0) stations.delete(stationId);
      }
      return forgotten;
    },

    async listenersByStation(windowSeconds) {
      const since = heardSince(windowSeconds);
      const heard: { station: string; listeners: number }[] = [];
      for (const [station, listeners] of stations) {
        let count = 0;
        for (const { lastSeen } of listeners.values()) if (lastSeen > since) count++;
        if (count > 0) heard.push({ station, listeners: count });
      }
      return heard;
    },
  };
}
