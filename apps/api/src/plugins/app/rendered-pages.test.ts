import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../app.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { siteBuild } from '../../test-support/site-build.ts';

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

/**
 * A test app serving `serverBuild` as the main site's (`TEMPLATE` its index.html) at
 * https://nightcore.example, one search a minute per address; `get` asks it for a page.
 */
function servingBuild(serverBuild: string, options: Partial<AppOptions>) {
  const { folders, remove } = siteBuild('main', { template: TEMPLATE, serverBuild });
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite', {
      siteFolders: folders,
      publicUrls: [new URL('https://nightcore.example')],
      overload: { searchPerMinute: 1 },
      ...options,
    });
  });
  afterAll(async () => {
    await harness.close();
    remove();
  });
  return (url: string, { host = 'nightcore.example', from = '10.0.0.1', encoding = '' } = {}) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: { host, 'accept-encoding': encoding },
      remoteAddress: from,
    });
}

describe('rendered pages as the server sends and keeps them', () => {
  const get = servingBuild(SERVER_BUILD, { rendersPerMinute: 3 });

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

/**
 * A server build as the apps' `entry-server.js` is, kept small: it says which thread rendered it,
 * reads the catalogue's search for a search page (showing its results or its error), and ends its
 * thread for /crash, as an error nothing catches would.
 */
const THREAD_BUILD = `
import { isMainThread } from 'node:worker_threads';
export function pageAddress(url) {
  return new URL(url, 'http://page').pathname + new URL(url, 'http://page').search;
}
export async function render({ url, origin, fetch }) {
  const { pathname, searchParams } = new URL(url, origin);
  if (pathname === '/crash') process.exit(1);
  let html = '<main data-thread="' + (isMainThread ? 'main' : 'render') + '">';
  const q = searchParams.get('q');
  if (q) {
    const answer = await fetch(origin + '/api/v1/song/searchpage?s=' + encodeURIComponent(q));
    const body = await answer.json();
    html += answer.ok
      ? '<p>' + body.data.total + ' results</p>'
      : '<p role="alert">Could not search (' + answer.status + ')</p>';
  }
  return { status: 200, head: '', html: html + '</main>', state: '' };
}
`;
describe('pages rendered on a render thread', () => {
  const get = servingBuild(THREAD_BUILD, { renderThreads: 1 });

  it('renders on the thread, its reads answered here as the visitor’s own', async () => {
    const page = await get('/search?q=sky', { from: '10.0.1.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<main data-thread="render"><p>\d+ results<\/p><\/main>/);

    // The visitor's one search a minute is used up: the thread's next read for them is refused.
    const refused = await get('/search?q=moon', { from: '10.0.1.1' });
    expect(refused.body).toContain('<p role="alert">Could not search (429)</p>');
  });

  it('sends the page compressed as each visitor takes it, the same page in each', async () => {
    const br = await get('/search?q=night', { encoding: 'gzip, deflate, br', from: '10.0.2.1' });
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<main data-thread="render"><p>');

    const gzip = await get('/search?q=night', { encoding: 'gzip', from: '10.0.2.2' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);

    const plain = await get('/search?q=night', { from: '10.0.2.3' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('sends the plain app when the thread ends mid-render, and renders again on a new one', async () => {
    const crashed = await get('/crash');
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toBe(TEMPLATE);

    const next = await get('/search?q=rain', { from: '10.0.3.1' });
    expect(next.body).toMatch(/<main data-thread="render"><p>\d+ results<\/p><\/main>/);
  });
});
