import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseOnPglite, openDatabase, pgliteExtensions, type Database } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A file holding the migrated PGlite data folder every test database starts as a copy of.
     * Unset in the test runs of other packages, which start no template (their few databases
     * are created and migrated as the server does it).
     */
    pgliteTemplateFile: string | undefined;
    /** The migrated database on the PostgreSQL server each test database is created from. */
    postgresTemplate: string | undefined;
  }
}

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

/** Runs `work` on a connection to the PostgreSQL server's database named in TEST_DATABASE_URL. */
async function onServer<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function urlOfTestDatabase(name: string) {
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.href;
}

export const dropTestDatabase = (name: string) =>
  onServer((dropper) => dropWhenFree(dropper, name));

/**
 * A migrated database on the PostgreSQL server for test databases to be created from (global
 * setup). Its connections are all closed when this returns: PostgreSQL copies a template only
 * while nobody is connected to it.
 */
export async function createTemplateDatabase(): Promise<string> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await onServer((admin) => admin.query(`CREATE DATABASE ${name}`));
  const template = await openDatabase({ url: urlOfTestDatabase(name) });
  await template.close();
  return name;
}

/** The template's data folder, read once per worker (its files share one module graph). */
let pgliteTemplate: Promise<Blob> | undefined;

function readPgliteTemplate(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplate ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * Makes `dataDir` (new, or empty) a data folder holding the migrated, empty embedded database,
 * copied from the run's template (which leaves out the cluster's template databases, unused by
 * the server): a server process started on it opens it as on any later start, where creating the
 * cluster and migrating it would cost the process about 3.6 s of CPU (copying it here, 0.5 s). For
 * tests of what a server does, not of its first start on an empty folder.
 */
export async function makeMigratedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, copyOf: await readPgliteTemplate() });
  await database.close();
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server (whose
 * URL comes with it, for other processes to share it). Both are copies of the migrated template
 * the global setup made (template-database.ts).
 */
export async function openTestDatabase(engine: Engine): Promise<Database & { url?: string }> {
  if (engine === 'pglite') return openPgliteTestDatabase();
  const template = inject('postgresTemplate');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer((admin) =>
    admin.query(
      template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
    ),
  );
  const url = urlOfTestDatabase(name);
  // Migrating a copy of the template only confirms that every migration is applied.
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await dropTestDatabase(name);
    },
  };
}

/**
 * What a copy of the template holds, to put an embedded test database back as it was: its tables,
 * the rows the migrations wrote (as JSON), and where each sequence stood.
 */
interface TemplateContents {
  tables: string[];
  seeds: { table: string; rows: string }[];
  sequences: { name: string; lastValue: string | null }[];
}

/**
 * Embedded test databases a worker's files have closed, put back as the template left them. The
 * worker's files run one after another in one module graph (`isolate: false`): starting a copy of
 * the template is 0.5-0.6 s of CPU, more than most test files spend on their database; putting
 * a used one back, a few hundredths.
 */
const idlePglites: PGlite[] = [];
let templateContents: TemplateContents | undefined;
let pglitesStarted = 0;

/** How many embedded test databases this worker has started (not taken back from the idle ones). */
export const pgliteTestDatabasesStarted = () => pglitesStarted;

/** The tables a client holds, in order: the template's, or a used copy's to compare with them. */
async function tablesOf(client: PGlite) {
  return (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
       WHERE schemaname = 'public' ORDER BY 1`,
    )
  ).rows.map((row) => row.name);
}

async function readTemplateContents(client: PGlite): Promise<TemplateContents> {
  const tables = await tablesOf(client);
  const seeds: TemplateContents['seeds'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${table} t`,
    );
    if (rows[0]?.rows) seeds.push({ table, rows: rows[0].rows });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS "lastValue"
       FROM pg_sequences ORDER BY 1`,
    )
  ).rows;
  return { tables, seeds, sequences };
}

/**
 * Puts a closed test database back as the template left it and keeps it for the next file; one
 * whose tables a test changed (renamed, say) is closed instead.
 */
async function putBack(client: PGlite, template: TemplateContents) {
  try {
    // The session as new: temporary tables, settings, prepared statements, advisory locks.
    await client.exec('DISCARD ALL');
    if ((await tablesOf(client)).join() !== template.tables.join()) throw new Error('changed');
    await client.exec(`TRUNCATE ${template.tables.join(', ')} RESTART IDENTITY CASCADE`);
    for (const { table, rows } of template.seeds) {
      await client.query(
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`,
        [rows],
      );
    }
    for (const { name, lastValue } of template.sequences) {
      if (lastValue === null) await client.exec(`ALTER SEQUENCE ${name} RESTART`);
      else await client.query(`SELECT setval($1, $2::bigint, true)`, [name, lastValue]);
    }
    idlePglites.push(client);
  } catch {
    await client.close();
  }
}

async function openPgliteTestDatabase(): Promise<Database> {
  const templateFile = readPgliteTemplate();
  // Another package's run has no template: a new database, migrated as the server does it.
  if (!templateFile) return openDatabase();
  let client = idlePglites.pop();
  if (!client) {
    client = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: await templateFile });
    pglitesStarted++;
    templateContents ??= await readTemplateContents(client);
  }
  const template = templateContents!;
  const opened = client;
  return databaseOnPglite(opened, () => putBack(opened, template));
}
