import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { openTestDatabase, pgliteTestDatabasesStarted } from './database.ts';

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>['db'];

// An embedded test database closed by one file is put back as the template left it, and the next
// file of the worker may get it (database.ts): no test may see another's rows, sequences or settings.
describe('an embedded test database opened after another was closed', () => {
  const rows = (db: TestDb, query: SQL) => queryRows(db, query, z.record(z.string(), z.unknown()));
  const contents = async (db: TestDb) => ({
    grants: await rows(db, sql`SELECT email FROM subscriber_grants`),
    state: await rows(db, sql`SELECT id::text, version::text FROM catalogue_state`),
    versions: await rows(db, sql`SELECT version::text FROM catalogue_versions`),
    threshold: await rows(
      db,
      sql`SELECT current_setting('pg_trgm.word_similarity_threshold') AS value`,
    ),
  });
  const newContactRequestId = async (db: TestDb) =>
    (
      await rows(
        db,
        sql`INSERT INTO contact_requests (topic) VALUES ('Other') RETURNING id::text AS id`,
      )
    )[0]!.id;

  it('holds what a new copy of the template holds; the closed one refuses statements', async () => {
    const first = await openTestDatabase('pglite');
    const fresh = await contents(first.db);
    const firstId = await newContactRequestId(first.db);
    await newContactRequestId(first.db);
    await first.db.execute(
      sql`INSERT INTO subscriber_grants (email, source) VALUES ('a@example.com', 'operator')`,
    );
    await first.db.execute(sql`UPDATE catalogue_state SET version = version + 5`);
    await first.db.execute(sql`SET pg_trgm.word_similarity_threshold = 0.9`);
    await first.db.execute(sql`CREATE TEMP TABLE left_behind (n int)`);
    await first.close();
    // Drizzle's error for the statement, PGlite's underneath, as for a client closed for good.
    await expect(first.db.execute(sql`SELECT 1`)).rejects.toMatchObject({
      cause: { message: 'PGlite is closed' },
    });

    const started = pgliteTestDatabasesStarted();
    const second = await openTestDatabase('pglite');
    // The same database, put back: not a new copy of the template.
    expect(pgliteTestDatabasesStarted()).toBe(started);
    try {
      expect(fresh.state).toHaveLength(1);
      expect(await contents(second.db)).toEqual(fresh);
      expect(await newContactRequestId(second.db)).toBe(firstId);
      await expect(second.db.execute(sql`SELECT * FROM left_behind`)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });
});
