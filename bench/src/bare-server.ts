import Fastify from 'fastify';

/**
 * The ceiling the API is compared with: a bare Fastify process, in a process of its own like the
 * server under test, answering each path with the bytes the product answered, from memory.
 */
type Captured = { path: string; body: string };

process.once('message', (message: { type: 'start'; captured: Captured[] }) => {
  const bodies = new Map(message.captured.map(({ path, body }) => [path, body]));
  const app = Fastify({ logger: false });
  app.get('/*', (request, reply) => {
    const body = bodies.get(request.url);
    if (body === undefined) return reply.code(404).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app
    .listen({ host: '127.0.0.1', port: 0 })
    .then(() => {
      const address = app.server.address() as { port: number };
      process.send?.({ type: 'ready', port: address.port });
      process.on('message', (next: { type: string }) => {
        if (next.type === 'stop') void app.close().then(() => process.disconnect());
      });
    })
    .catch((error: unknown) => {
      process.send?.({ type: 'failed', message: String(error) });
      process.disconnect();
    });
});
