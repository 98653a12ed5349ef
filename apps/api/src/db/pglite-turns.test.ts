import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

describe('statements on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase();
  });
  afterAll(() => database.close());

  it('each wait for a turn of the event loop, so work queued meanwhile runs between them', async () => {
    const events: string[] = [];
    const statements = [1, 2, 3].map((n) =>
      database.db.execute(sql`SELECT ${n}::int AS n`).then(() => events.push(`statement ${n}`)),
    );
    // Queued after the three statements: with no turn between them, it would run after all three.
    const timer = new Promise<void>((resolve) =>
      setImmediate(() => {
        events.push('timer');
        resolve();
      }),
    );
    await Promise.all([...statements, timer]);
    expect(events.indexOf('timer')).toBeLessThan(events.indexOf('statement 3'));
    expect(events.filter((event) => event.startsWith('statement'))).toEqual([
      'statement 1',
      'statement 2',
      'statement 3',
    ]);
  });

  it('each wait for a turn within a transaction too, and the transaction still commits whole', async () => {
    const events: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE turns (n int)`);
      setImmediate(() => events.push('timer'));
      await tx.execute(sql`INSERT INTO turns VALUES (1)`);
      events.push('inserted');
      await tx.execute(sql`INSERT INTO turns VALUES (2)`);
    });
    await transaction;
    expect(events).toEqual(['timer', 'inserted']);
    const result = (await database.db.execute(
      sql`SELECT count(*)::int AS count FROM turns`,
    )) as unknown as {
      rows: { count: number }[];
    };
    expect(result.rows[0]?.count).toBe(2);
  });
});
