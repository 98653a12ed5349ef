import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { envelopeSchema, type Envelope } from '@fansite/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';

/** A failure a route reports on purpose: its status is the envelope's code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

export const ok = <T>(data: T, message = ''): Envelope<T> => ({ code: 200, message, data });

/** The response schemas of a call: its 200 envelope. Other codes are plain envelopes. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });

export function sendEnvelope(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).type('application/json').send({ code, message, data: null });
}

export const MALFORMED_FORM_MESSAGE = 'The form data is malformed.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';
const DATABASE_AWAY_MESSAGE =
  'The site cannot reach its database for a moment. Please try again in a few seconds.';
/** Seconds a client is asked to wait while the database is away: about a PostgreSQL restart. */
const DATABASE_AWAY_RETRY_SECONDS = 5;

/** Unknown calls are named by neither path nor query: an answer never echoes the URL back. */
export const noSuchCall = (reply: FastifyReply) => sendEnvelope(reply, 404, 'No such call.');

/** Messages people can act on, for the built-in errors Fastify and its plugins raise. */
const builtInMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_BODY_TOO_LARGE_HEADER: 'The request is too large.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request must be sent as multipart/form-data.',
  FST_FILES_LIMIT: 'Files are not accepted here.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
};

/** One problem per field (the first), so a person reads what to fix rather than every rule. */
function validationMessage(error: FastifyError): string {
  const problems = new Map<string, string>();
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (!problems.has(field)) problems.set(field, issue.message ?? 'invalid value');
  }
  const lines = [...problems].map(([field, message]) => (field ? `${field}: ${message}` : message));
  return `Invalid request: ${lines.join('; ')}`;
}

/**
 * What a failure tells the log: its kind, code and stack, and for database failures the SQL with
 * its placeholders. Never a database error's message or detail, nor a query's parameters: those
 * hold what the visitor typed (an email address, a Discord name, a message).
 */
export function describeFailure(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & Record<string, unknown>;
  const fromDatabase =
    'params' in fields || 'severity' in fields || error.name === 'DrizzleQueryError';
  const described: Record<string, unknown> = { type: error.name };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') {
    described.code = fields.code;
  }
  if (fromDatabase) {
    if (typeof fields.query === 'string') described.query = fields.query;
  } else {
    described.message = error.message;
  }
  described.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .map((line) => line.trim());
  if (error.cause !== undefined && depth < 3) {
    described.cause = describeFailure(error.cause, depth + 1);
  }
  return described;
}

/** Every answer, errors included, is an envelope whose code equals the HTTP status. */
async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendEnvelope(reply, 400, validationMessage(error));
    }
    // The database restarting or cut off: the same request will most likely work in a moment.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ failure: describeFailure(error) }, 'database out of reach');
      reply.header('retry-after', String(DATABASE_AWAY_RETRY_SECONDS));
      return sendEnvelope(reply, 503, DATABASE_AWAY_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    // A route's own 5xx (a service it needs is out of reach) says what to do; any other is ours.
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ failure: describeFailure(error) }, 'request failed');
      return sendEnvelope(reply, 500, SERVER_ERROR_MESSAGE);
    }
    const message =
      error instanceof HttpError ? error.message : (builtInMessages[error.code] ?? error.message);
    return sendEnvelope(reply, status, message);
  });

  app.setNotFoundHandler((_request, reply) => noSuchCall(reply));
}

export default fp(envelopePlugin, { name: 'envelope' });

/** An envelope written straight to a socket, for requests Node could not even parse. */
function writeRawEnvelope(
  socket: Socket,
  code: number,
  message: string,
  headers: Record<string, string>,
) {
  const body = JSON.stringify({ code, message, data: null });
  const head = [
    `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
}

/** Node's reasons for refusing a request before Fastify sees it, as envelopes. */
function clientErrorEnvelope(error: NodeJS.ErrnoException): { code: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 431, message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { code: 408, message: 'The request took too long to arrive.' };
    case 'HPE_INVALID_METHOD':
      return { code: 400, message: 'This request method is not supported.' };
    default:
      return { code: 400, message: 'The request is malformed.' };
  }
}

/**
 * Fastify options that keep the envelope and the security headers on the answers written before
 * any hook runs: requests Node refuses to parse (headers over the limit, an unknown method, a slow
 * client timing out) and URLs that do not decode.
 */
export function rawAnswerOptions(securityHeaders: Record<string, string>) {
  const headers = { ...securityHeaders, 'cache-control': 'no-store' };
  return {
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      // A reset connection has no one left to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const { code, message } = clientErrorEnvelope(error);
      writeRawEnvelope(socket, code, message, headers);
    },
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const code = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // The URL itself is the problem: it is neither logged nor echoed.
      return reply
        .headers(headers)
        .header('connection', 'close')
        .code(code)
        .type('application/json')
        .send({ code, message: 'The address of this request is not valid.', data: null });
    },
  };
}
