import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { registerCall } from '../register-call.ts';

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
    async (request) => {
      await app.contact.save(request);
      return ok(
        null,
        request.topic === 'song-report'
          ? 'Song reported successfully!'
          : 'Your request has been sent successfully!',
      );
    },
    { config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } } },
  );
}
