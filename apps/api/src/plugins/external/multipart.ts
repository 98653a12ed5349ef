import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Multipart forms arrive as plain key/value bodies, so the routes' zod schemas validate them. */
async function multipartPlugin(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 40, fieldSize: 64 * 1024, files: 0, parts: 50 },
  });
}

export default fp(multipartPlugin, { name: 'multipart' });
