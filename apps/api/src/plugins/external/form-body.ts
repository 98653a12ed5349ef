import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * URL-encoded forms (the favourite calls of docs/calls.md) arrive as plain key/value bodies;
 * a repeated field keeps its last value, as the routes' schemas expect single strings.
 */
async function formBodyPlugin(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

export default fp(formBodyPlugin, { name: 'form-body' });
