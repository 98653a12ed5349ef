import { API_PREFIX } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ok, sendEnvelope } from './envelope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the drain before a shutdown: the server keeps answering, but every answer closes its
     * connection and the readiness check fails, so the load balancer sends new visitors elsewhere
     * and clients reconnect there rather than reuse a connection that is about to close.
     */
    startDraining(): void;
  }
}

const READY_PATH = `${API_PREFIX}/health/ready`;
const LIVE_PATH = `${API_PREFIX}/health/live`;

async function lifecyclePlugin(app: FastifyInstance) {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  // Readiness: may this process be sent new requests? Not once it drains.
  app.get(READY_PATH, async (_request, reply) =>
    draining
      ? sendEnvelope(reply, 503, 'The server is shutting down.')
      : reply.header('cache-control', 'no-store').send(ok({ ready: true })),
  );
  // Liveness: does the process answer at all? A draining process is alive; restarting it would
  // cut the requests it is finishing.
  app.get(LIVE_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(ok({ alive: true })),
  );
}

export default fp(lifecyclePlugin, { name: 'lifecycle', dependencies: ['envelope'] });
