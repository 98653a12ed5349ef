import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createRadioRepository } from '../repositories/radio.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import type { ListenerStore } from './heartbeats.ts';
import { createListenerMemory } from './listener-memory.ts';

/** A store, and how to make every heartbeat it holds `seconds` older. */
interface StoreUnderTest {
  store: ListenerStore;
  age(seconds: number): Promise<void>;
}

const databases: Database[] = [];
afterAll(() => Promise.all(databases.map((database) => database.close())));

/**
 * The table (on each engine) and the embedded database's memory hold the same heartbeats and
 * count them alike: the server uses one or the other (`createRadio`), the batcher either.
 */
const stores: [string, () => Promise<StoreUnderTest>][] = [
  ...testEngines().map((engine): [string, () => Promise<StoreUnderTest>] => [
    `the table on ${engine}`,
    async () => {
      const database = await openTestDatabase(engine);
      databases.push(database);
      await database.db.execute(sql`TRUNCATE radio_listeners`);
      return {
        store: createRadioRepository(database.db),
        age: async (seconds) => {
          await database.db.execute(
            sql`UPDATE radio_listeners SET last_seen = last_seen - ${seconds} * interval '1 second'`,
          );
        },
      };
    },
  ]),
  [
    "the process's memory",
    async () => {
      const clock = { now: 1_000_000 };
      return {
        store: createListenerMemory(() => clock.now),
        age: async (seconds) => {
          clock.now += seconds * 1_000;
        },
      };
    },
  ],
];

const beat = (stationId: string, listenerId: string, addressKey: string) => ({
  stationId,
  listenerId,
  addressKey,
});
const window = { windowSeconds: 15, perAddress: 4 };

describe.each(stores)('listeners kept in %s', (_name, open) => {
  it('are counted within the window, at most four ids of an address, each id once', async () => {
    const { store, age } = await open();
    const school = Array.from({ length: 6 }, (_, index) =>
      beat('nightcore', `pupil-${index}`, 's'),
    );
    await store.writeHeartbeats([...school, beat('nightcore', 'home', 'h')]);
    // Written again: still one listener.
    await store.writeHeartbeats([beat('nightcore', 'home', 'h')]);
    await store.writeHeartbeats([beat('nightcore:newcomers', 'elsewhere', 'e')]);
    expect(await store.countListeners('nightcore', window)).toBe(5);
    expect(await store.countListeners('nightcore:newcomers', window)).toBe(1);
    expect(
      (await store.listenersByStation(15)).sort((a, b) => a.station.localeCompare(b.station)),
    ).toEqual([
      { station: 'nightcore', listeners: 7 },
      { station: 'nightcore:newcomers', listeners: 1 },
    ]);

    await age(16);
    await store.writeHeartbeats([beat('nightcore', 'pupil-0', 's')]);
    expect(await store.countListeners('nightcore', window)).toBe(1);
    expect(await store.countListeners('nightcore:newcomers', window)).toBe(0);
    expect(await store.listenersByStation(15)).toEqual([{ station: 'nightcore', listeners: 1 }]);
  });

  it('forget the listeners gone longer than asked, of every station, a few at a time', async () => {
    const { store, age } = await open();
    await store.writeHeartbeats(
      Array.from({ length: 7 }, (_, index) => beat('nightcore', `gone-${index}`, `a${index}`)),
    );
    await store.writeHeartbeats([beat('nightcore:newcomers', 'other-station', 'o')]);
    await age(61);
    await store.writeHeartbeats([beat('nightcore', 'gone-0', 'a0'), beat('nightcore', 'new', 'n')]);
    await age(30);
    // Six of the first station and one of the other are gone; the two heard 30 s ago stay.
    expect(await store.forgetListeners(60, 4)).toBe(4);
    expect(await store.forgetListeners(60, 4)).toBe(3);
    expect(await store.forgetListeners(60, 4)).toBe(0);
    expect(await store.listenersByStation(120)).toEqual([{ station: 'nightcore', listeners: 2 }]);
  });
});

describe.skipIf(!testEngines().includes('postgres'))(
  'listeners kept in the table on PostgreSQL',
  () => {
    it("are forgotten around the rows another process's batch holds, without waiting", async () => {
      const database = await openTestDatabase('postgres');
      databases.push(database);
      const store = createRadioRepository(database.db);
      await store.writeHeartbeats(
        ['held-here', 'gone-one', 'gone-two'].map((id) => beat('nightcore', id, id)),
      );
      await database.db.execute(
        sql`UPDATE radio_listeners SET last_seen = last_seen - interval '61 seconds'`,
      );
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000));
      await database.db.transaction(async (batch) => {
        // Another process's heartbeat batch under way holds one of the stale rows.
        await batch.execute(
          sql`SELECT 1 FROM radio_listeners WHERE listener_id = 'held-here' FOR UPDATE`,
        );
        expect(await Promise.race([store.forgetListeners(60, 50), waited])).toBe(2);
      });
      // Once the batch has ended, its row goes too.
      expect(await store.forgetListeners(60, 50)).toBe(1);
    });
  },
);
