import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { openDatabase, type Database } from './client.ts';

/** PostgreSQL's code for a session ended by `pg_terminate_backend` or a forced drop. */
const ADMIN_SHUTDOWN = '57P01';

const WATCHED = 'watched-pool';

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!testEngines().includes('postgres'))('connections to PostgreSQL', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  /**
   * A test database, and a second pool on it, named so that its sessions can be told apart, that
   * reports every connection it loses.
   */
  async function openWatched() {
    const testDatabase = await openTestDatabase('postgres');
    opened.push(testDatabase);
    const lost: { code?: string; message: string }[] = [];
    const url = new URL(testDatabase.url!);
    url.searchParams.set('application_name', WATCHED);
    const database = await openDatabase({
      url: url.href,
      onConnectionLost: (reason) => lost.push(reason),
    });
    return { url: testDatabase.url!, database, lost };
  }

  const readOne = async (database: Database) => {
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as {
      rows: { one: number }[];
    };
    return result.rows[0]?.one;
  };

  it('keep serving when the server ends an idle one, and report it without the password', async () => {
    const { url, database, lost } = await openWatched();
    opened.unshift(database);
    expect(await readOne(database)).toBe(1);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [WATCHED],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);

    await until(() => lost.length > 0);
    expect(lost[0]).toEqual({ code: ADMIN_SHUTDOWN, message: expect.any(String) });
    expect(JSON.stringify(lost)).not.toContain(new URL(url).password);
    expect(await readOne(database)).toBe(1);
  });

  it('are all closed when close() resolves', async () => {
    const { url, database } = await openWatched();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Several connections at once, all idle in the pool when it closes.
    await Promise.all(Array.from({ length: 4 }, () => readOne(database)));
    await database.close();
    const sessions = await admin.query<{ count: number }>(
      'select count(*)::int as count from pg_stat_activity where datname = $1 and application_name = $2',
      [new URL(url).pathname.slice(1), WATCHED],
    );
    await admin.end();
    expect(sessions.rows[0]?.count).toBe(0);
  });
});
