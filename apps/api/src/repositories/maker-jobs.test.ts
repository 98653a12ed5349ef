import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { createMakerJobsRepository } from './maker-jobs.ts';

describe.each(testEngines())('maker jobs on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await database.db.execute(sql`INSERT INTO users (uid) VALUES ('person-1')`);
  });
  afterAll(() => database.close());

  it('keeps alive only the conversions its process still works on', async () => {
    const jobs = createMakerJobsRepository(database.db);
    const running = { userUid: 'person-1', job: 'job-running-1', worker: 'process-a' };
    const ended = { userUid: 'person-1', job: 'job-ended-01', worker: 'process-a' };
    await jobs.start(running);
    await jobs.start(ended);
    await jobs.report(running, 'converting', 42);
    // A minute without word from process A.
    await database.db.execute(sql`UPDATE maker_jobs SET seen_at = now() - interval '1 minute'`);

    // The row of `ended` outlived its conversion (its delete failed): it is not kept alive.
    await jobs.keepAlive('process-a', [running]);
    expect(await jobs.find('person-1', 'job-running-1', 30_000)).toEqual({
      stage: 'converting',
      percent: 42,
      abandoned: false,
    });
    expect(await jobs.find('person-1', 'job-ended-01', 30_000)).toMatchObject({ abandoned: true });

    // Another process cannot move or end a conversion it does not convert.
    await jobs.finish({ ...running, worker: 'process-b' });
    await jobs.report({ ...running, worker: 'process-b' }, 'converting', 99);
    expect(await jobs.find('person-1', 'job-running-1', 30_000)).toMatchObject({ percent: 42 });
    await jobs.finish(running);
    expect(await jobs.find('person-1', 'job-running-1', 30_000)).toBeNull();
  });
});
