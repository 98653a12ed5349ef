import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';

describe("a subscriber's site as the server sends it", () => {
  const sitesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-subscriber-'));
  const folders = {
    main: path.join(sitesRoot, 'web'),
    fm: path.join(sitesRoot, 'fm'),
    subscriber: path.join(sitesRoot, 'sites'),
  };
  fs.mkdirSync(folders.subscriber, { recursive: true });
  fs.writeFileSync(
    path.join(folders.subscriber, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
  );
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    harness = await buildTestApp('pglite', { siteFolders: folders });
    const network = generateDemoNetwork();
    network.supporterSites.push({
      domainName: 'sneaky',
      name: 'Sneaky</title><script>alert(1)</script>',
      subtitle: '"><img src=x onerror=alert(2)>',
      enabled: 'yes',
      profilePic: 'https://pics.example/sneaky.jpg',
      youtube: '',
    });
    await importDemoNetwork(harness.database, network);
  });
  afterAll(async () => {
    await harness.close();
    fs.rmSync(sitesRoot, { recursive: true, force: true });
  });

  const get = (url: string, host: string) =>
    harness.app.inject({ method: 'GET', url, headers: { host } });

  it('carries the title, description, Open Graph and X card tags at its root', async () => {
    const response = await get('/', 'alice.localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('<title>Alice Sings</title>');
    expect(head).toContain('<meta name="description" content="Nightcore covers, every Friday" />');
    expect(head).toContain('<meta property="og:title" content="Alice Sings" />');
    expect(head).toContain(
      '<meta property="og:image" content="https://picsum.photos/seed/alice-banner/1600/500" />',
    );
    expect(head).toContain('<meta property="og:url" content="http://alice.localhost:8080/" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("names the host's brand as the site name", async () => {
    const response = await get('/', 'bob.slowedreverb.localhost:8080');
    expect(response.body).toMatch(/<meta property="og:site_name" content="[^"]*Slowed[^"]*"/i);
    expect(response.body).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('escapes what the subscriber wrote', async () => {
    const { body } = await get('/', 'sneaky.localhost');
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).toContain(
      '<title>Sneaky&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
  });

  it('sends the plain page, without tags, for a site that is not enabled or does not exist', async () => {
    for (const host of ['draftsite.localhost', 'nobodyhere.localhost']) {
      const response = await get('/', host);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('og:title');
      expect(response.body).not.toContain('Draft Site');
    }
  });

  it('answers every other path with 404 and the app, which shows its not-found view', async () => {
    const response = await get('/about', 'alice.localhost');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('og:title');
  });
});
