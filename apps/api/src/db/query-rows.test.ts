import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { queryRows, type Database } from './client.ts';

describe.each(testEngines())('rows of raw SQL on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  const grant = z.object({ email: z.string(), total: z.number() });

  it('come back as the row schema says', async () => {
    const rows = await queryRows(
      database.db,
      sql`SELECT 'fan@example.com' AS email, count(*)::int AS total FROM (VALUES (1), (2)) v(n)`,
      grant,
    );
    expect(rows).toEqual([{ email: 'fan@example.com', total: 2 }]);
  });

  it('are refused when one is not what the query says, naming the column and never its value', async () => {
    // A count without its cast: PostgreSQL's bigint, which a driver may give as a string.
    const rows = queryRows(
      database.db,
      sql`SELECT 'fan@example.com' AS email, count(*)::text AS total FROM (VALUES (1)) v(n)`,
      grant,
    );
    await expect(rows).rejects.toThrow(/total/);
    await expect(rows).rejects.not.toThrow(/fan@example\.com/);
  });

  it('give texts of every width back as written, side by side in one answer', async () => {
    // The embedded database's reader decodes each field where it lies in the answer's bytes
    // (docs/database.md): neighbours, empty texts and NULLs must not bleed into one another.
    const texts = ['Nightcore – Déjà vu', '', '夜の歌 🎧', 'a'.repeat(70_000), 'Ünïcödé'];
    const rows = await queryRows(
      database.db,
      sql`SELECT t.text, t.n::int AS n, NULLIF(t.text, '') AS maybe
          FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS t(text, n) ORDER BY t.n`,
      z.object({ text: z.string(), n: z.number(), maybe: z.string().nullable() }),
    );
    expect(rows).toEqual(
      texts.map((text, index) => ({ text, n: index + 1, maybe: text === '' ? null : text })),
    );
  });
});
