import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';

/**
 * A server build as the apps' `entry-server.js` is, kept small: the search page reads the
 * catalogue's search, shows its results or its error, and counts its renders; its address keeps
 * only `q`, the one parameter it reads.
 */
const SERVER_BUILD = `
export function pageAddress(url) {
  const { pathname, searchParams } = new URL(url, 'http://page');
  const q = searchParams.get('q');
  return q === null ? pathname : pathname + '?q=' + encodeURIComponent(q);
}
export async function render({ url, origin, fetch }) {
  globalThis.renderedPages = (globalThis.renderedPages ?? 0) + 1;
  const q = new URL(url, origin).searchParams.get('q');
  let html = '<a id="home" href="' + origin + '/">Home</a>';
  if (q) {
    const answer = await fetch(origin + '/api/v1/song/searchpage?s=' + encodeURIComponent(q));
    html += answer.ok ? '<p>Results</p>' : '<p role="alert">Could not search (' + answer.status + ') <button>Retry</button></p>';
  }
  return { status: 200, head: '', html, state: '' };
}
`;
const TEMPLATE =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const renders = () => (globalThis as { renderedPages?: number }).renderedPages ?? 0;

describe('rendered pages as the server sends and keeps them', () => {
  const sitesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-rendered-'));
  const folders = {
    main: path.join(sitesRoot, 'web'),
    fm: path.join(sitesRoot, 'fm'),
    subscriber: path.join(sitesRoot, 'sites'),
  };
  fs.mkdirSync(folders.main, { recursive: true });
  fs.mkdirSync(path.join(sitesRoot, 'dist-server'));
  fs.writeFileSync(path.join(folders.main, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(sitesRoot, 'dist-server', 'entry-server.js'), SERVER_BUILD);
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    harness = await buildTestApp('pglite', {
      siteFolders: folders,
      publicUrls: [new URL('https://nightcore.example')],
      overload: { searchPerMinute: 1 },
      rendersPerMinute: 3,
    });
  });
  afterAll(async () => {
    await harness.close();
    fs.rmSync(sitesRoot, { recursive: true, force: true });
  });

  const get = (url: string, { host = 'nightcore.example', from = '10.0.0.1' } = {}) =>
    harness.app.inject({ method: 'GET', url, headers: { host }, remoteAddress: from });

  it('never keeps a page rendered from a refused read: the next visitor gets their own', async () => {
    // One visitor has used up their searches for the minute.
    const search = await get('/api/v1/song/search?s=sky', { from: '10.0.1.1' });
    expect(search.statusCode).toBe(200);
    const refused = await get('/search?q=glowing', { from: '10.0.1.1' });
    expect(refused.body).toContain('Could not search (429) <button>Retry</button>');

    const next = await get('/search?q=glowing', { from: '10.0.1.2' });
    expect(next.body).toContain('<p>Results</p>');
    expect(next.body).not.toContain('Could not search');
  });

  it('answers a host the deployment does not serve with the not-found page, rendering nothing', async () => {
    const before = renders();
    for (const host of [
      'evil.example',
      'nightcore.example.evil.example',
      'nightcore.example:8443',
    ]) {
      const answer = await get('/', { host, from: '10.0.2.1' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('Page not found');
      expect(answer.body).not.toContain('evil');
    }
    expect(renders()).toBe(before);
  });

  it("builds a page's links from the served site's public address, not from the request", async () => {
    // Plain HTTP behind a proxy that ends TLS: the page still links to the public https address.
    const page = await get('/', { host: 'www.nightcore.example', from: '10.0.3.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a id="home" href="https://www.nightcore.example/">');
  });

  it('keeps one page for every address that differs only in parameters the page does not read', async () => {
    const first = await get('/search?q=moon&utm_source=x', { from: '10.0.4.1' });
    const before = renders();
    const again = await get('/search?utm_source=y&q=moon&junk=1', { from: '10.0.4.2' });
    expect(renders()).toBe(before);
    expect(again.body).toBe(first.body);
  });

  it('sends the plain app page, never a refusal, once an address has had its fresh renders', async () => {
    const from = '10.0.5.1';
    for (const page of ['/a', '/b', '/c']) {
      expect((await get(page, { from })).body).toContain('<a id="home"');
    }
    const plain = await get('/d', { from });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(TEMPLATE);
    // Pages already rendered still come from the cache, and other addresses still get renders.
    expect((await get('/a', { from })).body).toContain('<a id="home"');
    expect((await get('/d', { from: '10.0.5.2' })).body).toContain('<a id="home"');
  });
});
