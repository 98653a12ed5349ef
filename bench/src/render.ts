import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { warmUp } from './api.ts';
import { measureRoute } from './http.ts';
import { startBenchServer } from './server.ts';
import { formatTable, print } from './table.ts';
import { PAGE_RATE, buildWorkloads, freshPageWorkloads } from './workloads.ts';

/** Seconds each kind of fresh page is asked for at `PAGE_RATE`: one request per page. */
const FRESH_SECONDS = 10;

/**
 * A fresh render's latency: song and search pages the server has never rendered, at 200 pages a
 * second, each asked once (a repeat is the rendered page kept for the catalogue version, which
 * the API table's page rows measure). Run on a warmed server, before its routes are measured.
 */
export async function benchmarkFreshRenders(
  baseUrl: string,
  catalogue: CatalogueFile,
): Promise<void> {
  const workloads = freshPageWorkloads(catalogue, PAGE_RATE * FRESH_SECONDS);
  const results = [];
  for (const workload of workloads) {
    results.push(await measureRoute(baseUrl, workload, FRESH_SECONDS));
  }
  print(
    `Pages rendered fresh at ${catalogue.songs.length.toLocaleString('en-US')} songs: ` +
      `${PAGE_RATE} never-rendered pages a second for ${FRESH_SECONDS} s each, requests spread ` +
      'evenly over each second; the whole answer as a browser asks for it (no budget of its own: ' +
      'docs/budgets.md budgets what rendering adds to the API read):',
  );
  print(
    formatTable(
      ['page', 'pages', 'achieved/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      results.map((result) => [
        result.workload.route,
        String(result.workload.paths.length),
        result.achievedPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        String(result.non2xx),
        String(result.errors),
      ]),
    ),
  );
}

/**
 * `pnpm bench render`: the fresh renders alone, on a server of their own (the embedded database
 * in a temporary folder) warmed on the page routes' warm-up paths as the full run warms it.
 */
export async function benchmarkFreshRendersAlone(catalogue: CatalogueFile): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-render-'));
  try {
    print(`Importing ${catalogue.songs.length.toLocaleString('en-US')} demo songs...`);
    const server = await startBenchServer({ dataDir }, catalogue.songs.length);
    try {
      const pages = buildWorkloads(catalogue).filter((workload) =>
        workload.route.startsWith('page '),
      );
      await warmUp(server.baseUrl, pages);
      await benchmarkFreshRenders(server.baseUrl, catalogue);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
