import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { importCatalogue } from '../catalogue/import.ts';
import type { AppDb, Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { fixtureCatalogue } from '../test-support/fixture-catalogue.ts';
import { createServingCatalogue, type ServingCatalogue } from '../catalogue/serving.ts';
import { createRadioRepository, type RadioRepository } from './radio.ts';

describe.each(testEngines())('the station clock on %s', (engine) => {
  let database: Database;
  let catalogue: ServingCatalogue;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
    catalogue = createServingCatalogue(database.db);
    await catalogue.refresh();
  });
  afterAll(() => database.close());

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

  /** Reads of the station wait 300 ms; other queries (a reading of the clock alone) do not. */
  const slowStationReads = () =>
    createRadioRepository(
      waiting((rows) => (rows[0] && 'last_played' in rows[0] ? 300 : 0)),
      catalogue,
    );

  /** Both clocks are this machine's: the station's time is now, give or take a few ms. */
  async function behindMs(radio: RadioRepository, advance = false) {
    const answer = await radio.nowPlaying({ brand: 'nightcore', advance });
    return Date.now() - Date.parse(answer.server_time);
  }

  it('stays the database clock after a read of the station that waited', async () => {
    let waitMs = 0;
    const radio = createRadioRepository(
      waiting(() => waitMs),
      catalogue,
    );
    expect(Math.abs(await behindMs(radio))).toBeLessThan(50);
    waitMs = 300;
    await behindMs(radio, true);
    waitMs = 0;
    // Answered from this process's copy, read by the call that waited.
    expect(Math.abs(await behindMs(radio))).toBeLessThan(50);
    await radio.close();
  });

  it('is the database clock from the first answer on, even when the first read waited', async () => {
    const radio = slowStationReads();
    expect(Math.abs(await behindMs(radio))).toBeLessThan(50);
    await radio.close();
  });

  it("stamps the request's arrival as well: the time a slow read took shows as the server's", async () => {
    const radio = slowStationReads();
    const receivedAt = Date.now();
    const answer = await radio.nowPlaying({ brand: 'nightcore', receivedAt });
    expect(Math.abs(Date.parse(answer.received_time) - receivedAt)).toBeLessThan(50);
    expect(Date.parse(answer.server_time) - Date.parse(answer.received_time)).toBeGreaterThan(250);
    await radio.close();
  });
});
