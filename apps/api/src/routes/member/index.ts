import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../plugins/app/envelope.ts';

const { memberStats, memberAll, memberTestimonial } = calls;

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    memberStats.path,
    { schema: { querystring: memberStats.input, response: okResponse(memberStats.data) } },
    async () => ok(await app.network.stats()),
  );

  app.get(
    memberAll.path,
    { schema: { querystring: memberAll.input, response: okResponse(memberAll.data) } },
    async (request) => ok(await app.network.members(request.query.limit)),
  );

  app.get(
    memberTestimonial.path,
    {
      schema: {
        querystring: memberTestimonial.input,
        response: okResponse(memberTestimonial.data),
      },
    },
    // The response schema keeps the contract's fields; the operator's ids stay on the server.
    async () => ok(await app.network.testimonials()),
  );
};

export default memberRoutes;
