import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { registerCall } from '../register-call.ts';

export default async function feedRoutes(app: FastifyInstance) {
  // HTML content goes out as stored: the browser sanitizes it where it is rendered.
  registerCall(app, calls.feedGet, async () => ok(await app.feed.items()));
}
