import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * URL-encoded forms (the favourite calls of docs/calls.md) arrive as plain key/value bodies. A
 * field sent twice arrives as a list, as in a query string, so the request guard can say so
 * rather than one of the values being dropped without a word.
 */
function parseForm(text: string): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = body[name];
    if (previous === undefined) body[name] = value;
    else body[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { ...body };
}

async function formBodyPlugin(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
}

export default fp(formBodyPlugin, { name: 'form-body' });
