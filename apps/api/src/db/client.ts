import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { makeDatabaseFilesPrivate, makeDatabaseFolder, prepareDataDir } from './data-dir-access.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDb;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The embedded database's folder as a gzipped tarball, consistent as of one moment: taken
   * between statements and outside any transaction, after a checkpoint. PGlite only.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * A transaction that may also load rows with `COPY … FROM STDIN` on its connection (the
   * fastest way into PostgreSQL: no statement to parse per batch). PostgreSQL only.
   */
  transactionWithCopy?<T>(work: (tx: AppDb, copy: CopyIn) => Promise<T>): Promise<T>;
  /**
   * Runs a `COPY … TO STDOUT` statement on a connection taken for it and hands what PostgreSQL
   * sends to `read`, as it arrives. PostgreSQL only.
   */
  copyOut?<T>(statement: string, read: (output: Readable) => Promise<T>): Promise<T>;
}

/**
 * Sends `data` to a `COPY … FROM STDIN` statement of the transaction: lines in COPY's text
 * format (each ending in a newline), or the bytes of its binary format.
 */
export type CopyIn = (
  statement: string,
  data: Iterable<string> | AsyncIterable<Uint8Array>,
) => Promise<void>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite in `dataDir`. */
  url?: string;
  /** Folder of the embedded database; in memory when absent too (tests). */
  dataDir?: string;
  /**
   * PostgreSQL cancels a statement running longer than this, so a stuck query frees its
   * connection instead of holding the pool. Unset for operator commands (a large import).
   */
  statementTimeoutMs?: number;
  /**
   * Told when PostgreSQL ends a connection the pool was keeping idle (a restart, a failover, an
   * administrator); the pool opens a new one for the next query. Given the error's code and message
   * only: the error also carries the connection's settings, password included.
   */
  onConnectionLost?: (reason: { code?: string; message: string }) => void;
  /**
   * PGlite, in memory or in a new data folder: start as a copy of this data folder dump
   * (`migratedPgliteDump`) rather than from an empty cluster, which skips initdb and the
   * migrations (tests).
   */
  copyOf?: Blob;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/**
 * Session settings both engines share. A word-similarity threshold well below pg_trgm's default 0.6
 * lets a search for "nightcroe" still find "Nightcore".
 */
const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.3' };

/** What Drizzle asks of a PGlite client: statements, and transactions of statements. */
type PgliteStatements = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The embedded database runs each statement on the event loop, and a statement queued behind
 * another starts as soon as that one resolves: statements of separate requests (a batch of radio
 * heartbeats, a station read, a listener count) ran back to back and held every other request for
 * 16 ms together (a cold radio station at 1,000 polls a second). Through this client each
 * statement first waits for a turn of the loop, one statement at a time, so that requests, timers
 * and answers get theirs in between; within a transaction too, whose statements hold the database
 * anyway. A transaction's statements go through its own client: one sent through this client from
 * inside a transaction would wait for the transaction to end.
 */
function statementsTakingTurns(
  client: PGlite,
  isClosed: () => boolean,
): PgliteStatements & {
  /** Runs `work` in a turn of its own: no statement or transaction of the app runs meanwhile. */
  alone<T>(work: () => Promise<T>): Promise<T>;
} {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last
      .then(() => nextTurn())
      .then(() => {
        // As PGlite says it once closed: the client may live on for another user (tests).
        if (isClosed()) throw new Error('PGlite is closed');
        return run();
      });
    last = next.catch(() => {});
    return next;
  };
  // The transaction's own object underneath, so that its other members (`closed` is a getter)
  // stay live rather than copied as they were when it began.
  const transactionTakingTurns = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: {
        value: async (...args: Parameters<Transaction['query']>) => {
          await nextTurn();
          return tx.query(...args);
        },
      },
    }) as Transaction;
  return {
    alone: inTurn,
    query: ((...args: Parameters<PGlite['query']>) =>
      inTurn(() => client.query(...args))) as PGlite['query'],
    transaction: ((callback: (tx: Transaction) => Promise<unknown>) =>
      inTurn(() =>
        client.transaction((tx) => callback(transactionTakingTurns(tx))),
      )) as PGlite['transaction'],
  };
}

/** The extensions the embedded database loads (pg_trgm for search). */
export const pgliteExtensions = { pg_trgm };

/**
 * The app's database over an open PGlite client: its session settings set, its migrations
 * applied. `close` is what closing it does (the client's own close, for the server); from then
 * on its statements fail, whatever becomes of the client.
 */
export async function databaseOnPglite(
  client: PGlite,
  close: () => Promise<void>,
): Promise<Database> {
  let closed = false;
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query(`SELECT set_config($1, $2, false)`, [name, value]);
  }
  const statements = statementsTakingTurns(client, () => closed);
  const db = drizzlePglite({ client: statements as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as AppDb,
    engine: 'pglite',
    dumpDataDir: () =>
      statements.alone(async () => {
        await client.query('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
    close: async () => {
      closed = true;
      await close();
    },
  };
}

async function openPglite({ dataDir, copyOf }: DatabaseOptions): Promise<Database> {
  if (dataDir) prepareDataDir(dataDir);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const databaseFolder = dataDir ? makeDatabaseFolder(dataDir) : undefined;
    const client = await PGlite.create(databaseFolder, {
      extensions: pgliteExtensions,
      loadDataDir: copyOf,
    });
    if (databaseFolder) makeDatabaseFilesPrivate(databaseFolder);
    return await databaseOnPglite(client, async () => {
      await client.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Ends the pool and waits until every connection has closed. `pool.end()` resolves once the pool
 * has let go of its connections, before they have said goodbye to the server; a database dropped
 * (or a server stopped) in that moment ends them from its side.
 */
async function endPool(pool: pg.Pool) {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/**
 * A transaction takes a connection of its own from the pool; when none can be opened (the server
 * refuses, is starting, or ends it during the handshake), the failure says so by its class, so
 * that the request is answered with a 503 to retry. Queries outside transactions get theirs
 * inside the pool, where a failure reaches Drizzle's query error as its cause.
 */
function markConnectFailures(pool: pg.Pool) {
  const connect = pool.connect as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // With a callback (the pool's own queries): as it was.
    if (args.length > 0) return connect.apply(pool, args);
    return (connect.apply(pool, []) as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw new DatabaseUnavailableError({ cause: error });
    });
  }) as typeof pool.connect;
}

async function openPostgres(
  url: string,
  { statementTimeoutMs, onConnectionLost }: DatabaseOptions,
): Promise<Database> {
  const settings: Record<string, string> = { ...SESSION_SETTINGS };
  if (statementTimeoutMs) settings.statement_timeout = String(statementTimeoutMs);
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: url, max: 10, options });
  // Without a listener, an idle connection the server ends is an uncaught error: the process dies.
  pool.on('error', (error: Error & { code?: string }) =>
    onConnectionLost?.({ code: error.code, message: error.message }),
  );
  markConnectFailures(pool);
  try {
    const db = drizzlePostgres({ client: pool, schema });
    await migratePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as AppDb,
      engine: 'postgres',
      close: () => endPool(pool),
      transactionWithCopy: (work) => transactionWithCopy(pool, work),
      copyOut: (statement, read) => copyOut(pool, statement, read),
    };
  } catch (error) {
    await endPool(pool);
    throw error;
  }
}

/**
 * A transaction on a connection taken from the pool for it, through which COPY streams go: a
 * drizzle transaction keeps its connection to itself, so this one is drizzle's over that client.
 */
async function transactionWithCopy<T>(
  pool: pg.Pool,
  work: (tx: AppDb, copy: CopyIn) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const db = drizzlePostgres({ client, schema }) as unknown as AppDb;
    const copy: CopyIn = (statement, data) =>
      pipeline(Readable.from(data), client.query(copyFrom(statement)));
    return await db.transaction((tx) => work(tx, copy));
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A connection whose transaction failed (a broken COPY among the reasons) is not reused.
    client.release(failure);
  }
}

/** `Database.copyOut`: the statement's output read on a connection of its own. */
async function copyOut<T>(
  pool: pg.Pool,
  statement: string,
  read: (output: Readable) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    return await read(client.query(copyTo(statement)));
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A COPY left unread keeps the connection busy: it is closed rather than reused.
    client.release(failure);
  }
}

/** Opens the database and applies the committed migrations. */
export function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/**
 * A migrated, empty embedded database as an uncompressed dump of its data folder: what
 * `PGlite.clone()` makes, in a form that crosses processes. Opening a copy of it (`copyOf`)
 * takes a fraction of creating a cluster and migrating it. The cluster's template databases are
 * dropped first: PGlite works in `postgres` alone, and a copy is unpacked for every test database
 * (a third less to unpack: 0.6 -> 0.5 s of CPU per copy).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    for (const template of ['template0', 'template1']) {
      await client.exec(
        `UPDATE pg_database SET datistemplate = false WHERE datname = '${template}'`,
      );
      // A statement of its own: DROP DATABASE runs outside any transaction block.
      await client.exec(`DROP DATABASE ${template}`);
    }
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Whether a statement failed on a unique index (SQLSTATE 23505): another row already holds the
 * value. Drizzle wraps the driver's error; both drivers give the code.
 */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** A statement's rows as both drivers answer them: `{ rows }`, of a shape nothing has checked. */
async function uncheckedRows(db: AppDb, query: SQL): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

/**
 * The rows of a raw SQL statement, each checked against `row`, a zod schema of one row. Prefer
 * Drizzle's query builder, whose rows the table schema types; this is for the SQL it cannot say
 * (`EXISTS`, window functions, `RETURNING` expressions, the subscriber subquery). The schema says
 * what the statement is meant to return, so a column renamed or a cast forgotten (node-postgres
 * returns a bigint as a string, PGlite a number) fails here, naming the column, instead of going
 * on as a value of the wrong type. The message names columns and types, never values.
 */
export async function queryRows<Row extends z.ZodType>(
  db: AppDb,
  query: SQL,
  row: Row,
): Promise<z.output<Row>[]>;
export async function queryRows(db: AppDb, query: SQL, row: z.ZodType): Promise<unknown[]> {
  const rows = await uncheckedRows(db, query);
  return rows.map((value) => {
    const checked = row.safeParse(value);
    if (!checked.success) {
      throw new Error(`A row is not what its query says:\n${z.prettifyError(checked.error)}`);
    }
    return checked.data;
  });
}
