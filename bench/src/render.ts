import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { warmUp } from './api.ts';
import { measureRoute } from './http.ts';
import { startBenchServer } from './server.ts';
import { BUILT_SERVER_PORT, startBuiltServer } from './start-figures.ts';
import { formatTable, print } from './table.ts';
import { FRESH_RENDER_P99_MS, PAGE_RATE, buildWorkloads, freshPageWorkloads } from './workloads.ts';

/** Seconds each kind of fresh page is asked for at `PAGE_RATE`: one request per page. */
const FRESH_SECONDS = 10;

/** A per-minute limit no run reaches. */
const UNLIMITED = 1_000_000_000;

/**
 * Fails unless the page at `path` is rendered: a render that fails sends the plain app (an empty
 * root, 200), quickly, and would pass for a fast render. Asked after the run, the page is the one
 * the run rendered and kept.
 */
async function expectRendered(baseUrl: string, path: string): Promise<void> {
  const html = await (await fetch(new URL(path, baseUrl))).text();
  if (!/<div id="root"><\w/.test(html)) {
    throw new Error(`${path} was sent unrendered: the server's renders failed.`);
  }
}

/**
 * A fresh render's latency: song and search pages the server has never rendered, at 200 pages a
 * second, each asked once (a repeat is the rendered page kept for the catalogue version, which
 * the API table's page rows measure). Measured on the built server, as the README starts it, on
 * the embedded database in `dataDir` (whose catalogue the bench's own server imported; that
 * server has stopped), warmed on the page routes' warm-up paths first. Every request comes from
 * one address: the per-address limits of fresh renders and searches are lifted.
 */
export async function benchmarkFreshRenders(
  dataDir: string,
  catalogue: CatalogueFile,
): Promise<void> {
  const server = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      RENDERS_PER_MINUTE: String(UNLIMITED),
      SEARCH_RATE_LIMIT: String(UNLIMITED),
    },
    BUILT_SERVER_PORT,
  );
  try {
    await warmUp(
      server.baseUrl,
      buildWorkloads(catalogue).filter((workload) => workload.route.startsWith('page ')),
    );
    await measureFreshRenders(server.baseUrl, catalogue);
  } finally {
    await server.stop();
  }
}

async function measureFreshRenders(baseUrl: string, catalogue: CatalogueFile): Promise<void> {
  const workloads = freshPageWorkloads(catalogue, PAGE_RATE * FRESH_SECONDS);
  const results = [];
  for (const workload of workloads) {
    // Other never-rendered pages first, at the same rate: a server in service has rendered many
    // pages before, and its render threads' code is compiled for them.
    await measureRoute(baseUrl, { ...workload, paths: workload.warmPaths }, FRESH_SECONDS);
    results.push(await measureRoute(baseUrl, workload, FRESH_SECONDS));
    await expectRendered(baseUrl, workload.paths[0]!);
  }
  print(
    `Pages rendered fresh at ${catalogue.songs.length.toLocaleString('en-US')} songs: ` +
      `${PAGE_RATE} never-rendered pages a second for ${FRESH_SECONDS} s each, requests spread ` +
      'evenly over each second; the whole answer as a browser asks for it (Accept-Encoding ' +
      'gzip, deflate, br):',
  );
  print(
    formatTable(
      ['page', 'pages', 'achieved/s', 'p50 ms', 'p99 ms', 'goal ms', 'non-2xx', 'errors', 'result'],
      results.map((result) => [
        result.workload.route,
        String(result.workload.paths.length),
        result.achievedPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        `< ${FRESH_RENDER_P99_MS}`,
        String(result.non2xx),
        String(result.errors),
        result.passed ? 'pass' : 'FAIL',
      ]),
    ),
  );
}

/**
 * `pnpm bench render`: the fresh renders alone, on the embedded database in a temporary folder
 * (the bench's own server imports the demo catalogue into it and stops).
 */
export async function benchmarkFreshRendersAlone(catalogue: CatalogueFile): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-render-'));
  try {
    print(`Importing ${catalogue.songs.length.toLocaleString('en-US')} demo songs...`);
    const importer = await startBenchServer({ dataDir }, catalogue.songs.length);
    await importer.stop();
    await benchmarkFreshRenders(dataDir, catalogue);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
