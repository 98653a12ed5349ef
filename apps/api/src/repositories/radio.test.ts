import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { importCatalogue } from '../catalogue/import.ts';
import type { AppDb, Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { fixtureCatalogue } from '../test-support/fixture-catalogue.ts';
import { createRadioRepository } from './radio.ts';

describe.each(testEngines())('the station clock on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });
  afterAll(() => database.close());

  it('stays the database clock after a read of the station that waited', async () => {
    let waitMs = 0;
    // The same database, whose answers reach the server `waitMs` after the query ran (a busy
    // event loop, a queue of connections).
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<AppDb['execute']>[0]) => {
          const result = await target.execute(query);
          await sleep(waitMs);
          return result;
        };
      },
    });
    const radio = createRadioRepository(db);
    // Both clocks are this machine's: the station's time is now, give or take a few ms.
    const behindMs = async (advance = false) => {
      const answer = await radio.nowPlaying({ brand: 'nightcore', advance });
      return Date.now() - Date.parse(answer.server_time);
    };
    expect(Math.abs(await behindMs())).toBeLessThan(50);
    waitMs = 300;
    await behindMs(true);
    waitMs = 0;
    // Answered from this process's copy, read by the call that waited.
    expect(Math.abs(await behindMs())).toBeLessThan(50);
    await radio.close();
  });
});
