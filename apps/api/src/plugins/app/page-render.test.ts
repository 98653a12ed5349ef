import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { API_PREFIX } from '@fansite/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  cachedPage,
  composePage,
  finishPage,
  inProcessFetch,
  pageBody,
  RenderCache,
  type PageEncoding,
} from './page-render.ts';

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

/** A page finished (composed and compressed) in `encoding`, as the render cache keeps it. */
async function finished(html: string, encoding: PageEncoding = 'br') {
  return cachedPage(
    await finishPage('<!--app-html-->', { status: 200, head: '', html, state: '' }, encoding),
  );
}

describe('finishPage and pageBody', () => {
  it('sends the encoding the page was made in, and makes another once, for the caller to keep', async () => {
    const html = '<p>Nightcore</p>'.repeat(100);
    const page = await finished(html, 'br');
    expect(page.gzip).toBeUndefined();
    const br = await pageBody(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body).toBe(page.br);
    expect(br.added).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(html);

    const gz = await pageBody(page, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    // The page with its gzip form added: the next gzip visitor is sent it as it is.
    expect(gz.added?.br).toBe(page.br);
    expect(gz.added?.gzip).toBe(gz.body);
    const again = await pageBody(gz.added!, 'gzip');
    expect(again.body).toBe(gz.body);
    expect(again.added).toBeUndefined();

    const plain = await pageBody(page, undefined);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect(plain.added).toBeUndefined();
  });

  it('compresses a page too big to compress in line the same way', async () => {
    const html = '<p>A song title, and its artist</p>'.repeat(5000);
    for (const encoding of ['br', 'gzip'] as const) {
      const { body } = await pageBody(await finished(html, encoding), encoding);
      const unpacked = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(unpacked.toString()).toBe(html);
    }
  });
});

describe('RenderCache', () => {
  it('keeps pages for one catalogue version and drops them all when it moves on', async () => {
    const cache = new RenderCache(1024 * 1024);
    const page = await finished('<p>home</p>');
    cache.set(1, 'localhost /', page);
    expect(cache.get(1, 'localhost /')).toBe(page);
    expect(cache.get(1, 'slowedreverb.localhost /')).toBeUndefined();
    expect(cache.get(2, 'localhost /')).toBeUndefined();
    cache.set(2, 'localhost /playlists', page);
    expect(cache.get(2, 'localhost /')).toBeUndefined();
    expect(cache.get(2, 'localhost /playlists')).toBe(page);
  });

  it('keeps no page of an older version set late, and drops none of the newer', async () => {
    const cache = new RenderCache(1024 * 1024);
    const page = await finished('<p>home</p>');
    cache.set(2, 'localhost /', page);
    cache.set(1, 'localhost /playlists', page);
    expect(cache.get(2, 'localhost /')).toBe(page);
    expect(cache.get(1, 'localhost /playlists')).toBeUndefined();
    expect(cache.get(2, 'localhost /playlists')).toBeUndefined();
  });

  it('drops the least recently used page when full', async () => {
    const one = await finished('a'.repeat(1000));
    const size = one.br!.length;
    const cache = new RenderCache(size * 2);
    cache.set(1, 'a', one);
    cache.set(1, 'b', await finished('a'.repeat(1000)));
    cache.get(1, 'a');
    cache.set(1, 'c', await finished('a'.repeat(1000)));
    expect(cache.get(1, 'a')).toBeDefined();
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'c')).toBeDefined();
  });
});

describe('inProcessFetch', () => {
  async function appAnswering(paths: string[]) {
    const app = Fastify();
    for (const path of paths) app.get(API_PREFIX + path, async () => ({ code: 200 }));
    await app.ready();
    return app;
  }

  it('keeps a page made of catalogue reads, search pages among them, cacheable', async () => {
    const app = await appAnswering([
      '/song/get',
      '/song/searchpage',
      '/playlist/upnext',
      '/promotion/today',
    ]);
    const request = { headers: { host: 'localhost' }, ip: '127.0.0.1' } as FastifyRequest;

    const catalogue = inProcessFetch(app, request);
    await catalogue.fetch(`http://localhost${API_PREFIX}/song/searchpage?s=love&offset=0`);
    await catalogue.fetch(`http://localhost${API_PREFIX}/song/get?s=J2X5mJ3HDYE&p=ncs-picks`);
    expect(catalogue.reads.cacheable).toBe(true);

    // A song page: the song and what Up next shows of its playlist.
    const song = inProcessFetch(app, request);
    await song.fetch(`http://localhost${API_PREFIX}/song/get?s=J2X5mJ3HDYE&p=ncs-picks`);
    await song.fetch(`http://localhost${API_PREFIX}/playlist/upnext?p=ncs-picks&s=J2X5mJ3HDYE`);
    expect(song.reads.cacheable).toBe(true);

    // The channel of the day changes by the day: a page showing it is rendered per request.
    const daily = inProcessFetch(app, request);
    const answer = await daily.fetch(`http://localhost${API_PREFIX}/promotion/today`);
    expect(answer.status).toBe(200);
    expect(daily.reads.cacheable).toBe(false);
    await app.close();
  });
});
