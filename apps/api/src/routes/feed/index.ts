import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../plugins/app/envelope.ts';

const { feedGet } = calls;

const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    feedGet.path,
    { schema: { querystring: feedGet.input, response: okResponse(feedGet.data) } },
    // HTML content goes out as stored: the browser sanitizes it where it is rendered.
    async () => ok(await app.feed.items()),
  );
};

export default feedRoutes;
