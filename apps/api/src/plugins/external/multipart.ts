import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MALFORMED_FORM_MESSAGE } from '../app/envelope.ts';

/**
 * Multipart forms arrive as plain key/value bodies, so the routes' zod schemas validate them; a
 * file arrives as its bytes. A field sent twice arrives as a list, which the request guard refuses.
 *
 * The parts are read here rather than by the plugin's `attachFieldsToBody`, because the parser
 * (busboy) reports a body it cannot read (no boundary, no closing line, a broken part header) as a
 * plain error, which would be a 500: here it is the 400 it is. The limits keep their own 413s.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its multipart form itself, as a stream (`request.parts()`). */
    streamedUpload?: boolean;
  }
}

async function multipartPlugin(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fields: 40, fieldSize: 64 * 1024, files: 0, parts: 50 },
  });

  async function readParts(request: FastifyRequest) {
    if (!request.isMultipart() || request.routeOptions.config.streamedUpload) return;
    const body: Record<string, unknown> = Object.create(null);
    const add = (name: string, value: unknown) => {
      const previous = body[name];
      if (previous === undefined) body[name] = value;
      else body[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    };
    try {
      for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
        if (part.type === 'file') add(part.fieldname, await part.toBuffer());
        else add(part.fieldname, part.value);
      }
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      // Limits (413) and the plugin's own refusals keep their status; anything the parser could
      // not make sense of is the client's malformed body.
      if (status && status >= 400 && status < 500) throw error;
      throw new HttpError(400, MALFORMED_FORM_MESSAGE, { cause: error });
    }
    request.body = { ...body };
  }
  // Only requests with a body can be forms: a GET route runs none of this.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), readParts];
  });
}

export default fp(multipartPlugin, { name: 'multipart' });
