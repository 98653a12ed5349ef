/**
 * The render thread (render-thread.ts): loads the apps' server builds, renders the pages the
 * server asks for, and sends each page's API reads back to the server to be answered.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { finishPage, type PageEncoding } from './page-render.ts';
import type { FromRenderThread, RenderThreadData, ToRenderThread } from './render-thread.ts';
import { fetchThrough, loadSiteBuild, type ApiAnswer, type SiteBuild } from './server-build.ts';

const server = parentPort!;
const { sites } = workerData as RenderThreadData;

const builds: Promise<Partial<Record<keyof typeof sites, SiteBuild>>> = Promise.all(
  Object.entries(sites).map(async ([site, folder]) => [site, await loadSiteBuild(folder)] as const),
).then((loaded) => Object.fromEntries(loaded.filter(([, build]) => build !== null)));

/** Reads sent to the server and not yet answered. */
const reads = new Map<
  number,
  { resolve: (answer: ApiAnswer) => void; reject: (e: Error) => void }
>();
let lastRead = 0;

function tell(message: FromRenderThread, transfer: ArrayBuffer[] = []): void {
  server.postMessage(message, transfer);
}

async function render(
  id: number,
  {
    site,
    url,
    origin,
    encoding,
  }: { site: keyof typeof sites; url: string; origin: string; encoding: PageEncoding },
): Promise<void> {
  try {
    const siteBuild = (await builds)[site];
    if (!siteBuild) throw new Error(`No server build of the ${site} site.`);
    const fetch = fetchThrough(
      (request) =>
        new Promise<ApiAnswer>((resolve, reject) => {
          const read = ++lastRead;
          reads.set(read, { resolve, reject });
          tell({ read, render: id, request }, request.body ? [request.body.buffer] : []);
        }),
    );
    const page = await siteBuild.render({ url, origin, fetch });
    const finished = await finishPage(siteBuild.template, page, encoding);
    // Its own bytes, not a view of a larger buffer: they move to the server's thread as they are.
    const body = finished.body.slice();
    tell({ rendered: id, page: { ...finished, body } }, [body.buffer]);
  } catch (error) {
    // The stack too: the server logs it as the render's error.
    tell({
      rendered: id,
      failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

server.on('message', (message: ToRenderThread) => {
  if ('render' in message) {
    void render(message.render, message);
    return;
  }
  const pending = reads.get(message.read);
  if (!pending) return;
  reads.delete(message.read);
  if ('answer' in message) pending.resolve(message.answer);
  else pending.reject(new Error(message.failed));
});
