import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Secrets never reach a log line: tokens travel in headers, query strings and form fields, and OAuth
 * codes and states in query strings, so request URLs are logged without their query string at all.
 */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.firebase_auth_token',
  'req.query.code',
  'req.query.state',
  'req.body.firebase_auth_token',
  'firebase_auth_token',
  'authorization',
  'code',
  'state',
];

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: request.url.split('?')[0],
        host: request.headers.host,
      }),
    },
  };
}

/**
 * Where the server's log lines go: on a terminal outside production, one readable line per event
 * for the person who ran the start command; JSON on standard output otherwise (a file, a pipe, a
 * log collector). The formatter runs in this process and is loaded only on that path.
 */
export async function logDestination(
  nodeEnv: string,
  terminal: { isTTY?: boolean } & NodeJS.WritableStream = process.stdout,
): Promise<DestinationStream | undefined> {
  if (terminal.isTTY !== true || nodeEnv === 'production') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination: terminal,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
  });
}
