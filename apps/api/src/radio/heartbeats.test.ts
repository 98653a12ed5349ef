import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createRadioRepository, type HeartbeatRow } from '../repositories/radio.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import {
  addressKeyOf,
  createHeartbeatBatcher,
  HEARTBEAT_BATCH_ROWS,
  LISTENER_FORGOTTEN_AFTER_SECONDS,
  LISTENERS_PER_ADDRESS,
} from './heartbeats.ts';

/**
 * The radio's tables on a real database, with the heartbeat statements noted: each can be held
 * until released, or made to fail once.
 */
function watchedStore(database: Database) {
  const store = createRadioRepository(database.db);
  const statements: HeartbeatRow[][] = [];
  let failNext = false;
  /** A gate a statement waits at while it is held: `hold()` returns the function that lets go. */
  const gate = () => {
    let held: Promise<void> | null = null;
    return {
      passed: () => held ?? Promise.resolve(),
      hold() {
        let release!: () => void;
        held = new Promise<void>((resolve) => (release = resolve));
        return () => {
          held = null;
          release();
        };
      },
    };
  };
  const writes = gate();
  const counts = gate();
  return {
    statements,
    failNextWrite: () => (failNext = true),
    holdWrites: writes.hold,
    /** Holds the next count's answer until released (a recount still under way). */
    holdCounts: counts.hold,
    store: {
      ...store,
      async countListeners(...args: Parameters<typeof store.countListeners>) {
        const counted = await store.countListeners(...args);
        await counts.passed();
        return counted;
      },
      async writeHeartbeats(beats: readonly HeartbeatRow[]) {
        await writes.passed();
        if (failNext) {
          failNext = false;
          throw new Error('the database went away');
        }
        statements.push([...beats]);
        await store.writeHeartbeats(beats);
      },
    },
  };
}

describe.each(testEngines())('the heartbeat batcher on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`TRUNCATE radio_listeners`);
  });

  function setUp() {
    const clock = { now: 1_000_000 };
    const watched = watchedStore(database);
    const batcher = createHeartbeatBatcher({
      store: watched.store,
      now: () => clock.now,
      flushOnTimer: false,
    });
    return { clock, table: watched, batcher };
  }

  const writtenListeners = async () =>
    (
      (await database.db.execute(
        sql`SELECT station_id || '|' || listener_id AS key FROM radio_listeners ORDER BY key`,
      )) as unknown as { rows: { key: string }[] }
    ).rows.map((row) => row.key);

  /** Another process's listener, or one of ours whose heartbeats stopped `ageSeconds` ago. */
  const ageHeartbeats = (ageSeconds: number) =>
    database.db.execute(
      sql`UPDATE radio_listeners SET last_seen = now() - ${ageSeconds} * interval '1 second'`,
    );

  it('counts a new listener at once, before their row is written, and writes it with the batch', async () => {
    const { table, batcher } = setUp();
    const release = table.holdWrites();
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    // The poll is answered while no row is written yet.
    expect(await batcher.count('nightcore')).toBe(1);
    const flushed = batcher.flush();
    batcher.record('nightcore', 'listener-two', addressKeyOf('198.51.100.2'));
    expect(await batcher.count('nightcore')).toBe(2);
    expect(await writtenListeners()).toEqual([]);
    release();
    await flushed;
    await batcher.flush();
    expect(await writtenListeners()).toEqual(['nightcore|listener-one', 'nightcore|listener-two']);
  });

  it('counts a listener who joins while a recount is under way once', async () => {
    const { table, batcher } = setUp();
    const releaseCount = table.holdCounts();
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    const counting = batcher.count('nightcore');
    batcher.record('nightcore', 'listener-two', addressKeyOf('198.51.100.2'));
    releaseCount();
    await counting;
    expect(await batcher.count('nightcore')).toBe(2);
  });

  it('recounts from the table once its count is a second old, counting nobody twice', async () => {
    const { clock, batcher } = setUp();
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    expect(await batcher.count('nightcore')).toBe(1);
    await batcher.flush();
    // Another process wrote a listener meanwhile.
    const other = createHeartbeatBatcher({
      store: createRadioRepository(database.db),
      flushOnTimer: false,
    });
    other.record('nightcore', 'elsewhere', addressKeyOf('198.51.100.9'));
    other.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    await other.flush();
    expect(await batcher.count('nightcore')).toBe(1);
    clock.now += 1_000;
    expect(await batcher.count('nightcore')).toBe(2);
  });

  it("writes a listener's heartbeat again only every 8 s, and stops counting them 15 s after", async () => {
    const { clock, table, batcher } = setUp();
    const address = addressKeyOf('198.51.100.1');
    for (let poll = 0; poll < 3; poll++) {
      batcher.record('nightcore', 'listener-one', address);
      await batcher.flush();
      clock.now += 5_000;
    }
    // Polls at 0, 5 and 10 s: written at 0 and at 10 s.
    expect(table.statements).toHaveLength(2);
    await ageHeartbeats(16);
    clock.now += 1_000;
    expect(await batcher.count('nightcore')).toBe(0);
  });

  it(`writes a batch in statements of at most ${HEARTBEAT_BATCH_ROWS} rows`, async () => {
    const { table, batcher } = setUp();
    for (let index = 0; index < 120; index++) {
      batcher.record('nightcore', `listener-${index}`, addressKeyOf(`10.0.0.${index}`));
    }
    expect(await batcher.count('nightcore')).toBe(120);
    await batcher.flush();
    expect(table.statements.map((rows) => rows.length)).toEqual([50, 50, 20]);
    expect(await writtenListeners()).toHaveLength(120);
  });

  it(`counts at most ${LISTENERS_PER_ADDRESS} listener ids of one address, here and in the table`, async () => {
    const { clock, batcher } = setUp();
    const school = addressKeyOf('203.0.113.7');
    for (let index = 0; index < 60; index++) {
      batcher.record('nightcore', `made-up-${index}`, school);
    }
    expect(await batcher.count('nightcore')).toBe(LISTENERS_PER_ADDRESS);
    await batcher.flush();
    // The ids beyond the address's share add nothing to the count: they cost no row.
    expect(await writtenListeners()).toHaveLength(LISTENERS_PER_ADDRESS);
    clock.now += 1_000;
    expect(await batcher.count('nightcore')).toBe(LISTENERS_PER_ADDRESS);
    // The counted ones stop polling: the ids still polling take their places.
    clock.now += 15_000;
    await ageHeartbeats(16);
    for (let index = 56; index < 60; index++) {
      batcher.record('nightcore', `made-up-${index}`, school);
    }
    await batcher.flush();
    clock.now += 1_000;
    expect(await batcher.count('nightcore')).toBe(LISTENERS_PER_ADDRESS);
    expect(await writtenListeners()).toHaveLength(2 * LISTENERS_PER_ADDRESS);
  });

  it('writes the listeners of a failed batch again with their next polls', async () => {
    const { table, batcher } = setUp();
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    table.failNextWrite();
    await expect(batcher.flush()).rejects.toThrow('the database went away');
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    await batcher.flush();
    expect(await writtenListeners()).toEqual(['nightcore|listener-one']);
  });

  it(`deletes the rows of listeners gone for ${LISTENER_FORGOTTEN_AFTER_SECONDS} s, and only those`, async () => {
    const { batcher } = setUp();
    // More gone listeners than one statement deletes, on two stations.
    for (let index = 0; index < 2 * HEARTBEAT_BATCH_ROWS + 7; index++) {
      batcher.record('nightcore', `gone-${index}`, addressKeyOf(`10.0.1.${index}`));
    }
    batcher.record('nightcore:newcomers', 'gone-elsewhere', addressKeyOf('10.0.2.1'));
    await batcher.flush();
    await ageHeartbeats(LISTENER_FORGOTTEN_AFTER_SECONDS + 1);
    // Still listening: seen 30 s ago (a count no longer takes them, a minute has not passed), or now.
    batcher.record('nightcore', 'paused', addressKeyOf('10.0.3.1'));
    batcher.record('nightcore', 'listening', addressKeyOf('10.0.3.2'));
    await batcher.flush();
    await database.db.execute(
      sql`UPDATE radio_listeners SET last_seen = now() - interval '30 seconds'
          WHERE listener_id = 'paused'`,
    );
    await batcher.forget();
    expect(await writtenListeners()).toEqual(['nightcore|listening', 'nightcore|paused']);
  });

  it('keeps stations apart', async () => {
    const { batcher } = setUp();
    batcher.record('nightcore', 'listener-one', addressKeyOf('198.51.100.1'));
    batcher.record('nightcore:newcomers', 'listener-two', addressKeyOf('198.51.100.1'));
    batcher.record('nightcore:newcomers', 'listener-three', addressKeyOf('198.51.100.1'));
    expect(await batcher.count('nightcore')).toBe(1);
    expect(await batcher.count('nightcore:newcomers')).toBe(2);
  });
});
