import { buildApp, type AppOptions } from '../app.ts';
import { importCatalogue } from '../catalogue/import.ts';
import { fixtureCatalogue } from './fixture-catalogue.ts';
import { testAuthOptions } from './firebase-users.ts';
import { openTestDatabase, type Engine } from './database.ts';

/** The real app on a fresh database (or the fresh one given) holding the fixture catalogue. */
export async function buildTestApp(engine: Engine, options: Partial<AppOptions> = {}) {
  const database = options.database ?? (await openTestDatabase(engine));
  await importCatalogue(database, 'nightcore', fixtureCatalogue);
  const app = await buildApp({
    database,
    siteFolders: emptySiteFolders,
    auth: testAuthOptions(),
    // Tests never reach YouTube: channel look-ups go to a closed local port unless a test
    // starts the fake (test-support/fake-youtube.ts) and passes its addresses.
    youtubeLookup: { pageBaseUrl: 'http://127.0.0.1:9', apiBaseUrl: 'http://127.0.0.1:9' },
    ...options,
    // Tests never reach YouTube: without a fake, a lookup meets a closed port and says so.
    staff: { oembedUrl: 'http://127.0.0.1:9/oembed', ...options.staff },
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const emptySiteFolders = {
  main: '/nonexistent/main',
  fm: '/nonexistent/fm',
  subscriber: '/nonexistent/sites',
};

/** A multipart body as browsers send it, for `app.inject`. */
export function multipart(fields: Record<string, string>) {
  const boundary = '----fansite-test-boundary';
  const payload =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
