import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client sent is kept only when it is a short token of letters, digits, dots,
 * dashes, underscores and colons: anything else (long, spaced, with markup or line breaks) would
 * let a client write what it likes into the log lines and headers, and gets an id of ours.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Fastify options for request ids: each request's log lines carry its id as `reqId` (Fastify's
 * request logger), taken from a safe `X-Request-Id` (a proxy in front ties its log to ours) or
 * made here.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: requestIdOf,
};

/** Every answer names its request's id, so that a page's call can be found in the log. */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
