import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

export type Engine = 'pglite' | 'postgres';

/**
 * API tests run on PGlite always and on PostgreSQL when TEST_DATABASE_URL names a server; the test
 * command starts one, and CI must not quietly skip it.
 */
export function testEngines(): Engine[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    if (!URL.canParse(serverUrl) || !new URL(serverUrl).protocol.startsWith('postgres'))
      throw new Error('TEST_DATABASE_URL must be a postgres:// URL.');
    return ['pglite', 'postgres'];
  }
  if (process.env.CI)
    throw new Error('TEST_DATABASE_URL must be set in CI (scripts/test.sh sets it).');
  return ['pglite'];
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server (whose
 * URL comes with it, for other processes to share it).
 */
/** PostgreSQL's code for a refusal of privilege. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops a test database, ending the sessions still on it (a server a test started in another
 * process may not have closed its pool yet). An autovacuum worker on the database is a session
 * the test role may not end: that refusal passes within moments, so the drop is tried again.
 */
async function dropWhenFree(dropper: pg.Client, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const refused = (error as { code?: string }).code === INSUFFICIENT_PRIVILEGE;
      if (!refused || attempt === 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function openTestDatabase(engine: Engine): Promise<Database & { url?: string }> {
  if (engine === 'pglite') return openDatabase();
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(serverUrl.href);
  databaseUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: databaseUrl.href });
  return {
    ...database,
    url: databaseUrl.href,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl.href });
      await dropper.connect();
      try {
        await dropWhenFree(dropper, name);
      } finally {
        await dropper.end();
      }
    },
  };
}
