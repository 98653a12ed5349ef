import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * A connection to PostgreSQL could not be had: the server refused it, was starting or shutting
 * down, or went away. The request may well succeed a few seconds later.
 */
export class DatabaseUnavailableError extends Error {
  constructor(options: { cause: unknown }) {
    const code = (options.cause as { code?: unknown } | null)?.code;
    super(
      `No connection to the database could be opened${typeof code === 'string' ? ` (${code})` : ''}.`,
      options,
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs PostgreSQL sends when the connection, not the statement, is the problem: every
 * connection exception (class 08), an administrator or a crash ending the session (57P01, 57P02),
 * the server starting or stopping (57P03), and no connection slot left (53300).
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION_CLASS = '08';

/** Node's codes for a socket that could not be opened or was cut. */
const SOCKET_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

type ErrorFields = Error & { code?: unknown; severity?: unknown; syscall?: unknown };

const isSocketFailure = (error: ErrorFields) =>
  typeof error.syscall === 'string' &&
  typeof error.code === 'string' &&
  SOCKET_FAILURE_CODES.has(error.code);

const isConnectionSqlState = (code: unknown) =>
  typeof code === 'string' &&
  (CONNECTION_SQLSTATES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS));

/**
 * A query the driver failed rather than the server: PostgreSQL reports every problem with a
 * statement as an error with a SQLSTATE and a severity, so an error without them under a failed
 * query is node-postgres saying the connection ended under it (or was unusable).
 */
const isDriverFailure = (error: ErrorFields) =>
  error.code === undefined && error.severity === undefined;

/**
 * Whether a failure is the database being out of reach (a restart, a failover, a network cut)
 * rather than a fault of the request or of ours: recognised by codes and classes, never by the
 * wording of a message, along the chain of causes.
 */
export function isDatabaseUnavailable(failure: unknown): boolean {
  let error: unknown = failure;
  for (let depth = 0; error instanceof Error && depth < 5; depth++) {
    const fields = error as ErrorFields;
    if (error instanceof DatabaseUnavailableError) return true;
    if (isConnectionSqlState(fields.code) || isSocketFailure(fields)) return true;
    if (
      error instanceof DrizzleQueryError &&
      error.cause instanceof Error &&
      isDriverFailure(error.cause as ErrorFields)
    ) {
      return true;
    }
    error = error.cause;
  }
  return false;
}
