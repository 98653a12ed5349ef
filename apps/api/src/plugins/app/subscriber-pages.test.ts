import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { siteBuild } from '../../test-support/site-build.ts';

describe("a subscriber's site as the server sends it", () => {
  // A server build as the sites app's is, kept small: the site's name, read through the API (its
  // answer in the envelope), in its head and page; a site the API does not show is left to the
  // browser's app. The sites app's own head is tested with its real build (every-route.test.tsx).
  const { folders, remove } = siteBuild('subscriber', {
    template:
      '<!doctype html><html><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
    serverBuild: `
export const pageAddress = (url) => new URL(url, 'http://page').pathname;
export async function render({ origin, fetch }) {
  const domain = new URL(origin).hostname.split('.')[0];
  const answer = await fetch(origin + '/api/v1/subscriber/getinfo?domain_name=' + domain);
  if (!answer.ok) return { status: 200, head: '', html: '', state: '' };
  const { data } = (await answer.json()).data;
  return { status: 200, head: '<title>' + data.name + '</title>', html: '<main>' + data.name + '</main>', state: '' };
}
`,
  });
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    harness = await buildTestApp('pglite', { siteFolders: folders });
    const network = generateDemoNetwork();
    await importDemoNetwork(harness.database, network);
  });
  afterAll(async () => {
    await harness.close();
    remove();
  });

  const get = (url: string, host: string) =>
    harness.app.inject({ method: 'GET', url, headers: { host } });

  it("is rendered by the sites app's server build per request, with the head its route declares", async () => {
    // The build's head: the site's name as read through the API, as the route's own head reads it.
    const response = await get('/', 'alice.localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('<title>Alice Sings</title>');
    expect(response.body).toContain('<div id="root"><main>Alice Sings</main></div>');
  });

  it('sends the plain page for a site that is not enabled or does not exist', async () => {
    for (const host of ['draftsite.localhost', 'nobodyhere.localhost']) {
      const response = await get('/', host);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('Draft Site');
    }
  });

  it('answers every other path with 404 and the app, which shows its not-found view', async () => {
    const response = await get('/about', 'alice.localhost');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"><!--app-html--></div>');
    expect(response.body).not.toContain('Alice');
  });
});
