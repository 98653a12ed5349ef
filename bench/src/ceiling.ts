import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { Workload } from './workloads.ts';

/**
 * The ceiling the API's throughput is compared with: a bare Fastify process (bare-server.ts)
 * answering the same paths with the same bytes from memory, so a ratio says what the product's
 * own work costs on this machine, whatever else runs on it.
 */

/** Every path's answer from the product, for the bare process to serve. */
async function captureAnswers(baseUrl: string, workloads: Workload[]) {
  const paths = workloads.flatMap((workload) => workload.paths);
  const captured: { path: string; body: string }[] = [];
  let next = 0;
  // A few requests at a time: tens of thousands of paths one by one would take a minute.
  const fetchSome = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      captured.push({ path, body: await (await fetch(`${baseUrl}${path}`)).text() });
    }
  };
  await Promise.all(Array.from({ length: 8 }, fetchSome));
  return captured;
}

const bareServerPath = new URL('./bare-server.ts', import.meta.url).pathname;

/** The bare Fastify ceiling, serving `captured` (path and the product's answer) from memory. */
async function startBareServer(
  captured: { path: string; body: string }[],
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = fork(bareServerPath, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
    child.once('message', (message: { type: string; port: number; message?: string }) =>
      message.type === 'ready' ? resolve(message) : reject(new Error(message.message)),
    );
  });
  child.send({ type: 'start', captured });
  const { port } = await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/** Asks the product for every workload path's answer, then starts the bare process serving them. */
export async function startCeiling(productBaseUrl: string, workloads: Workload[]) {
  return startBareServer(await captureAnswers(productBaseUrl, workloads));
}
