import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-support/app.ts';

function makeSite(root: string, marker: string) {
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><title>${marker}</title>`);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), `console.log('${marker}')`);
  fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *');
  // As the site builds write them: compressed copies beside the files.
  for (const file of ['index.html', 'assets/index-abc123.js']) {
    const content = fs.readFileSync(path.join(root, file));
    fs.writeFileSync(path.join(root, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(root, `${file}.gz`), zlib.gzipSync(content));
  }
}

describe('the server as a whole', () => {
  const sitesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-sites-'));
  const folders = {
    main: path.join(sitesRoot, 'web'),
    fm: path.join(sitesRoot, 'fm'),
    subscriber: path.join(sitesRoot, 'sites'),
  };
  makeSite(folders.main, 'main site');
  makeSite(folders.fm, 'radio site');
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    harness = await buildTestApp('pglite', {
      siteFolders: folders,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await harness.close();
    fs.rmSync(sitesRoot, { recursive: true, force: true });
  });

  const get = (url: string, host = 'localhost:8080') =>
    harness.app.inject({ method: 'GET', url, headers: { host } });

  it('answers unknown calls and wrong methods with a 404 envelope', async () => {
    for (const response of [
      await get('/api/v1/nothing/here'),
      await harness.app.inject({ method: 'DELETE', url: '/api/v1/playlist/all' }),
      await harness.app.inject({ method: 'POST', url: '/api/v1/song/get' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
      expect(response.json().message).toBe('No such call.');
    }
  });

  it('serves the main site for localhost, www and dev hosts, index.html for page paths', async () => {
    for (const host of [
      'localhost:8080',
      'www.localhost:8080',
      'dev.slowedreverb.localhost:8080',
    ]) {
      const response = await get('/playlists?sort=az', host);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('main site');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the radio site on fm hosts for every path', async () => {
    const response = await get('/any/path', 'fm.localhost:8080');
    expect(response.body).toContain('radio site');
  });

  it('caches hashed assets for a year and answers missing ones with 404', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy a browser accepts, with the type of the original', async () => {
    const inject = (url: string, encoding?: string) =>
      harness.app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost:8080', ...(encoding && { 'accept-encoding': encoding }) },
      });
    const brotli = await inject('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('main site');

    const gzip = await inject('/playlists', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('main site');

    const plain = await inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('main site');
  });

  it('refuses to walk out of the site folder', async () => {
    const response = await get('/..%2F..%2Fpackage.json');
    expect(response.body).not.toContain('"name"');
  });

  it('shows a not-found page for hosts that are no site, and while an app is not built', async () => {
    for (const host of ['a.b.localhost:8080', 'alice.localhost:8080']) {
      const response = await get('/', host);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Page not found');
    }
  });

  it('sends security headers that still let YouTube embeds play', async () => {
    const response = await get('/');
    expect(response.headers['content-security-policy']).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://discord.com",
    );
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('never writes tokens, codes or states into the log', async () => {
    await harness.app.inject({
      method: 'GET',
      url: '/api/v1/song/get?s=abcdefghijk&p=new&firebase_auth_token=secret-token-1&code=oauth-code-2&state=state-3',
      headers: { authorization: 'Bearer secret-token-4' },
    });
    const log = logLines.join('');
    expect(log).toContain('/api/v1/song/get');
    for (const secret of ['secret-token-1', 'oauth-code-2', 'state-3', 'secret-token-4']) {
      expect(log).not.toContain(secret);
    }
  });
});
