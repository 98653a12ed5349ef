import { importCatalogue } from '@fansite/api/src/catalogue/import.ts';
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { inProcessFetch } from '@fansite/api/src/plugins/app/page-render.ts';
import { buildTestApp } from '@fansite/api/src/test-support/app.ts';
import { afterAll, beforeAll } from 'vitest';
import { render } from '../entry-server.tsx';

/**
 * For a test file: a real API server (the embedded database) holding `catalogue`, and a function
 * that renders a main-site page on the server from it, as the server's sites plugin does.
 */
export function renderFromCatalogue(catalogue: CatalogueFile) {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite');
    await importCatalogue(harness.database, 'nightcore', catalogue);
    await harness.app.catalogue.refresh();
  }, 180_000);
  afterAll(() => harness?.close());

  return (url: string) =>
    render({
      url,
      origin: 'http://localhost',
      fetch: inProcessFetch(harness.app, {
        headers: { host: 'localhost' },
        ip: '127.0.0.1',
      } as Parameters<typeof inProcessFetch>[1]).fetch,
    });
}
