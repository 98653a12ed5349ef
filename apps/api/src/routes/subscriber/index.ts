import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { registerCall } from '../register-call.ts';

export default async function subscriberRoutes(app: FastifyInstance) {
  registerCall(app, calls.subscriberSites, async () => ok(await app.supporters.withEnabledSites()));
}
