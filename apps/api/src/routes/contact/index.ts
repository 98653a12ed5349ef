import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export interface ContactRoutesOptions {
  /** Requests one address may send per minute. */
  perMinute: number;
}

export default async function contactRoutes(
  app: FastifyInstance,
  { perMinute }: ContactRoutesOptions,
) {
  registerCall(
    app,
    calls.contactRequest,
    async (input, request) => {
      await app.contact.save(requestBrand(request), input);
      return ok(
        null,
        input.topic === 'song-report'
          ? 'Song reported successfully!'
          : 'Your request has been sent successfully!',
      );
    },
    { config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } } },
  );
}
