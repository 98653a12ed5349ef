import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { registerCall } from '../register-call.ts';

export default async function memberRoutes(app: FastifyInstance) {
  registerCall(app, calls.memberStats, async () => ok(await app.network.stats()));
  registerCall(app, calls.memberAll, async ({ limit }) => ok(await app.network.members(limit)));
  // The response schema keeps the contract's fields; the operator's ids stay on the server.
  registerCall(app, calls.memberTestimonial, async () => ok(await app.network.testimonials()));
}
