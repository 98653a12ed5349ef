import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { composePage, compressPage, pageBody, RenderCache } from './page-render.ts';

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

describe('composePage', () => {
  it('puts the head, markup and data in their places, taking every value as it is', () => {
    const html = composePage(template, {
      status: 200,
      head: '<title>A $& title</title>',
      html: '<h1>$1 hello</h1>',
      state: '<script type="application/json" id="query-state">{}</script>',
    });
    expect(html).toBe(
      '<html><head><title>A $& title</title></head><body><div id="root"><h1>$1 hello</h1></div>' +
        '<script type="application/json" id="query-state">{}</script></body></html>',
    );
  });
});

describe('compressPage and pageBody', () => {
  it('sends brotli or gzip as accepted, and the page as it is otherwise', async () => {
    const page = await compressPage(200, '<p>Nightcore</p>'.repeat(100));
    const br = pageBody(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page.html);
    const gz = pageBody(page, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(page.html);
    expect(pageBody(page, undefined)).toEqual({ body: page.html });
  });
});

describe('RenderCache', () => {
  it('keeps pages for one catalogue version and drops them all when it moves on', async () => {
    const cache = new RenderCache(1024 * 1024);
    const page = await compressPage(200, '<p>home</p>');
    cache.set(1, 'localhost /', page);
    expect(cache.get(1, 'localhost /')).toBe(page);
    expect(cache.get(1, 'slowedreverb.localhost /')).toBeUndefined();
    expect(cache.get(2, 'localhost /')).toBeUndefined();
    cache.set(2, 'localhost /playlists', page);
    expect(cache.get(2, 'localhost /')).toBeUndefined();
    expect(cache.get(2, 'localhost /playlists')).toBe(page);
  });

  it('drops the least recently used page when full', async () => {
    const one = await compressPage(200, 'a'.repeat(1000));
    const size = one.html.length * 2 + one.br.length + one.gzip.length;
    const cache = new RenderCache(size * 2);
    cache.set(1, 'a', one);
    cache.set(1, 'b', await compressPage(200, 'a'.repeat(1000)));
    cache.get(1, 'a');
    cache.set(1, 'c', await compressPage(200, 'a'.repeat(1000)));
    expect(cache.get(1, 'a')).toBeDefined();
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'c')).toBeDefined();
  });
});
