import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../plugins/app/envelope.ts';

const { contactRequest } = calls;

export interface ContactRoutesOptions {
  /** Requests one address may send per minute. */
  perMinute: number;
}

const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { perMinute }) => {
  app.post(
    contactRequest.path,
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { body: contactRequest.input, response: okResponse(contactRequest.data) },
    },
    async (request) => {
      await app.contact.save(request.body);
      return ok(
        null,
        request.body.topic === 'song-report'
          ? 'Song reported successfully!'
          : 'Your request has been sent successfully!',
      );
    },
  );
};

export default contactRoutes;
