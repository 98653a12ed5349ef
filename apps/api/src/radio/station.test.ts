import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { importCatalogue } from '../catalogue/import.ts';
import type { AppDb, Database } from '../db/client.ts';
import { createRadioRepository, type RadioRepository } from '../repositories/radio.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { fixtureCatalogue, ids } from '../test-support/fixture-catalogue.ts';
import { createServingCatalogue, type ServingCatalogue } from '../catalogue/serving.ts';
import { createRadio } from './radio.ts';
import { createStationService, StationNotFoundError, type StationRef } from './station.ts';

const main: StationRef = { brand: 'nightcore', playlistId: null };

describe.each(testEngines())('the station service on %s', (engine) => {
  let database: Database;
  let catalogue: ServingCatalogue;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    catalogue = createServingCatalogue(database.db);
    await catalogue.refresh();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`TRUNCATE radio_stations, radio_history, radio_listeners`);
  });

  /**
   * The same database, whose answers reach the server `waitMs(rows)` after the query ran (a busy
   * event loop, a queue of connections, a first query planned).
   */
  function waiting(waitMs: (rows: Record<string, unknown>[]) => number): AppDb {
    return new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<AppDb['execute']>[0]) => {
          const result = await target.execute(query);
          await sleep(waitMs((result as unknown as { rows: Record<string, unknown>[] }).rows));
          return result;
        };
      },
    });
  }

  /** The station's tables, with the station reads counted. */
  function countingReads(): { store: RadioRepository; reads: () => number } {
    const store = createRadioRepository(database.db);
    let reads = 0;
    return {
      store: {
        ...store,
        readStation: (...args) => {
          reads++;
          return store.readStation(...args);
        },
      },
      reads: () => reads,
    };
  }

  const historyCount = async () =>
    (
      (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM radio_history WHERE station_id = 'nightcore'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  describe('its clock', () => {
    /** Reads of the station wait 300 ms; other queries (a reading of the clock alone) do not. */
    const slowStationReads = () =>
      createStationService(
        createRadioRepository(waiting((rows) => (rows[0] && 'last_played' in rows[0] ? 300 : 0))),
        catalogue,
      );

    /** Both clocks are this machine's: the station's time is now, give or take a few ms. */
    async function behindMs(stations: ReturnType<typeof createStationService>, advance = false) {
      await stations.current(main, advance);
      return Date.now() - stations.stationTime();
    }

    it('stays the database clock after a read of the station that waited', async () => {
      let waitMs = 0;
      const stations = createStationService(
        createRadioRepository(waiting(() => waitMs)),
        catalogue,
      );
      expect(Math.abs(await behindMs(stations))).toBeLessThan(50);
      waitMs = 300;
      await behindMs(stations, true);
      waitMs = 0;
      // Answered from this process's copy, read by the call that waited.
      expect(Math.abs(await behindMs(stations))).toBeLessThan(50);
    });

    it('is the database clock from the first answer on, even when the first read waited', async () => {
      expect(Math.abs(await behindMs(slowStationReads()))).toBeLessThan(50);
    });

    it("stamps a poll's arrival as well: the time a slow read took shows as the server's", async () => {
      const radio = await createRadio(
        waiting((rows) => (rows[0] && 'last_played' in rows[0] ? 300 : 0)),
        catalogue,
      );
      const receivedAt = Date.now();
      const answer = await radio.nowPlaying({ brand: 'nightcore', receivedAt });
      expect(Math.abs(Date.parse(answer.received_time) - receivedAt)).toBeLessThan(50);
      expect(Date.parse(answer.server_time) - Date.parse(answer.received_time)).toBeGreaterThan(
        250,
      );
      await radio.close();
    });
  });

  it('answers from its copy while the song plays, reading the station once', async () => {
    const { store, reads } = countingReads();
    const stations = createStationService(store, catalogue);
    const first = await stations.current(main);
    const again = await Promise.all(Array.from({ length: 20 }, () => stations.current(main)));
    expect(again.map((known) => known.state.start_time)).toEqual(
      again.map(() => first.state.start_time),
    );
    // The first read found nothing playing, advanced, and read the station again.
    expect(reads()).toBe(2);
  });

  it('moves the station on exactly once when 50 callers say its song ended at once', async () => {
    const stations = createStationService(createRadioRepository(database.db), catalogue);
    const first = await stations.current(main);
    await database.db.execute(
      sql`UPDATE radio_stations SET start_time = now() - interval '1 hour' WHERE id = 'nightcore'`,
    );
    const other = createStationService(createRadioRepository(database.db), catalogue);
    const calls = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? stations : other).endOfSongCall(main, first.state.youtube_url!),
      ),
    );
    // None is early: the first read of each process moved the station on (once between them),
    // and every call is answered as the end of the song or a song already replaced.
    expect(calls.filter((kind) => kind === 'early')).toEqual([]);
    const after = await Promise.all([stations.current(main, true), other.current(main, true)]);
    expect(after[0].state.start_time).toBe(after[1].state.start_time);
    expect(after[0].state.start_time).not.toBe(first.state.start_time);
    expect(after[0].state.last_played.map((song) => song.youtube_url)).toEqual([
      first.state.youtube_url,
    ]);
    expect(await historyCount()).toBe(2);
  });

  it('calls an end-of-song call made while the song plays on early, and changes nothing', async () => {
    const stations = createStationService(createRadioRepository(database.db), catalogue);
    const playing = await stations.current(main);
    expect(await stations.endOfSongCall(main, playing.state.youtube_url!)).toBe('early');
    // A song the station has not played: an early call too.
    const unplayed = [ids.neonRush, ids.sky].find((id) => id !== playing.state.youtube_url);
    expect(await stations.endOfSongCall(main, unplayed)).toBe('early');
    expect(await historyCount()).toBe(1);
  });

  it('refuses a station with nothing to play, and writes no row for it', async () => {
    const stations = createStationService(createRadioRepository(database.db), catalogue);
    await expect(stations.current({ brand: 'nightcore', playlistId: 'empty' })).rejects.toEqual(
      new StationNotFoundError('This station has no songs'),
    );
    await expect(stations.current({ brand: 'nightcore', playlistId: 'nope' })).rejects.toEqual(
      new StationNotFoundError('This station does not exist'),
    );
    const stationRows = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM radio_stations`,
    )) as unknown as { rows: { n: number }[] };
    expect(stationRows.rows[0]!.n).toBe(0);
  });
});
