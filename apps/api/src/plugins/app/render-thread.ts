import { Worker } from 'node:worker_threads';
import { runsFromSource } from '../../runs-from-source.ts';
import type { FinishedPage, PageEncoding } from './page-render.ts';
import type { ApiAnswer, ApiRead } from './server-build.ts';

/** The sites a render thread renders, each by the folder of its browser build. */
export type RenderedSites = Partial<Record<'main' | 'fm' | 'subscriber', string>>;

/** What the server asks of its render thread. */
export type ToRenderThread =
  | {
      render: number;
      site: keyof RenderedSites;
      url: string;
      origin: string;
      encoding: PageEncoding;
    }
  | { read: number; answer: ApiAnswer }
  | { read: number; failed: string };

/** What the render thread tells the server: a read of the page `render` asks, or its page. */
export type FromRenderThread =
  | { read: number; render: number; request: ApiRead }
  | { rendered: number; page: FinishedPage }
  | { rendered: number; failed: string };

/** The thread's data at its start: no secret, only where the built apps are. */
export interface RenderThreadData {
  sites: RenderedSites;
}

interface PendingRender {
  resolve: (page: FinishedPage) => void;
  reject: (error: Error) => void;
  send: (read: ApiRead) => Promise<ApiAnswer>;
}

/**
 * A young generation several times V8's default: a render makes a few megabytes of objects that
 * die with it, and fewer of them are copied into the old generation before they do. Per page, a
 * render thread spent 5.5-5.9 ms of CPU with 64 MB where it spent 6.6-6.7 with the default
 * (1,000 fresh song pages one after another, twice each, alternated).
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 64 };

/**
 * The thread's code: the built file beside this one (`dist/render-worker.js`, see build.js), or,
 * when the server runs from its TypeScript source (tests, `pnpm dev`), the source file, with
 * tsx's loader registered in the thread first (a thread does not take the process's `--import`).
 */
function startWorker(sites: RenderedSites): Worker {
  const workerData: RenderThreadData = { sites };
  if (!runsFromSource) {
    return new Worker(new URL('./render-worker.js', import.meta.url), {
      workerData,
      resourceLimits: RESOURCE_LIMITS,
    });
  }
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  const code =
    `import(${JSON.stringify(loader)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData, resourceLimits: RESOURCE_LIMITS });
}

/**
 * Renders pages on a thread of its own (ARCHITECTURE.md, pages rendered on the server): React,
 * the router and the styles are most of a fresh page's work, and on this thread they would hold
 * every other request behind them. The page's API reads come back here and are answered by the
 * caller's `send` (in this process or over HTTP, as without the thread), so limits, the render
 * cache's rules and the catalogue stay where they are; only the render moves.
 *
 * The thread starts at the first render. If it ends (an error it did not catch), the renders it
 * held fail (their visitors get the plain app, as for any failed render) and the next render
 * starts a new one.
 */
export class RenderThread {
  private worker: Worker | null = null;
  private readonly renders = new Map<number, PendingRender>();
  private lastRender = 0;
  private closed = false;

  constructor(private readonly sites: RenderedSites) {}

  /** Renders sent and not yet finished. */
  get pending(): number {
    return this.renders.size;
  }

  /** A page of `site`, rendered, composed and compressed there; its reads answered by `send`. */
  render(
    site: keyof RenderedSites,
    request: { url: string; origin: string; encoding: PageEncoding },
    send: (read: ApiRead) => Promise<ApiAnswer>,
  ): Promise<FinishedPage> {
    if (this.closed) return Promise.reject(new Error('The server is closing.'));
    const worker = this.worker ?? this.start();
    const id = ++this.lastRender;
    return new Promise<FinishedPage>((resolve, reject) => {
      this.renders.set(id, { resolve, reject, send });
      worker.postMessage({ render: id, site, ...request } satisfies ToRenderThread);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }

  private start(): Worker {
    const worker = startWorker(this.sites);
    this.worker = worker;
    worker.on('message', (message: FromRenderThread) => this.receive(worker, message));
    worker.on('error', (error) => this.ended(worker, error));
    worker.on('exit', (code) =>
      this.ended(worker, new Error(`The render thread ended (exit code ${code}).`)),
    );
    // Renders in progress are held by their requests; an idle thread holds nothing open.
    worker.unref();
    return worker;
  }

  private receive(worker: Worker, message: FromRenderThread): void {
    if ('read' in message) {
      const pending = this.renders.get(message.render);
      if (!pending) return;
      pending.send(message.request).then(
        (answer) => {
          // The answer may be a view of a larger buffer (an injected reply's): its bytes are
          // copied into a buffer of their own, which then moves to the thread without a copy.
          const body = answer.body.slice();
          worker.postMessage(
            { read: message.read, answer: { ...answer, body } } satisfies ToRenderThread,
            [body.buffer],
          );
        },
        (error: unknown) =>
          worker.postMessage({
            read: message.read,
            failed: error instanceof Error ? error.message : String(error),
          } satisfies ToRenderThread),
      );
      return;
    }
    const pending = this.renders.get(message.rendered);
    if (!pending) return;
    this.renders.delete(message.rendered);
    if ('page' in message) pending.resolve(message.page);
    else pending.reject(new Error(message.failed));
  }

  private ended(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const pending of this.renders.values()) pending.reject(error);
    this.renders.clear();
  }
}

/**
 * A few render threads (`RenderThread`), each render sent to the one with the fewest renders in
 * progress.
 */
export class RenderThreads {
  private readonly threads: RenderThread[];

  constructor(sites: RenderedSites, count: number) {
    this.threads = Array.from({ length: count }, () => new RenderThread(sites));
  }

  render(...args: Parameters<RenderThread['render']>): Promise<FinishedPage> {
    let least = this.threads[0]!;
    for (const thread of this.threads) if (thread.pending < least.pending) least = thread;
    return least.render(...args);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
