import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../plugins/app/envelope.ts';

const { subscriberSites } = calls;

const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    subscriberSites.path,
    { schema: { querystring: subscriberSites.input, response: okResponse(subscriberSites.data) } },
    async () => ok(await app.supporters.withEnabledSites()),
  );
};

export default subscriberRoutes;
