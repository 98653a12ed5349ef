import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from './app.ts';
import { buildTestApp } from './test-support/app.ts';
import { ids } from './test-support/fixture-catalogue.ts';

/**
 * One server build for every app, kept small: a page reads a song through the API, with the
 * visitor's brand picked by the Host the read carries, and puts its title in the head.
 */
const SERVER_BUILD = `
export function pageAddress(url) { return new URL(url, 'http://page').pathname; }
export async function render({ url, origin, fetch }) {
  const answer = await fetch(origin + '/api/v1/song/get?s=${ids.moonlight}&p=new');
  const body = await answer.json();
  const title = answer.ok ? body.data.title : 'status ' + answer.status;
  return {
    status: 200,
    head: '<title>' + title + '</title><link rel="canonical" href="' + origin + url + '">',
    html: '<h1>' + title + '</h1>',
    state: '',
  };
}
`;
const TEMPLATE =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const MAIN = 'www.nightcore.example';
const RADIO = 'fm.nightcore.example';
const SUBSCRIBER = 'alice.nightcore.example';

describe('server roles (SERVE): each process answers its hosts and refuses the rest', () => {
  const sitesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-roles-'));
  const siteFolders = {
    main: path.join(sitesRoot, 'web'),
    fm: path.join(sitesRoot, 'fm'),
    subscriber: path.join(sitesRoot, 'sites'),
  };
  for (const folder of Object.values(siteFolders)) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), TEMPLATE);
  }
  fs.mkdirSync(path.join(sitesRoot, 'dist-server'));
  fs.writeFileSync(path.join(sitesRoot, 'dist-server', 'entry-server.js'), SERVER_BUILD);

  type Harness = Awaited<ReturnType<typeof buildTestApp>>;
  let everything: Harness;
  const processes: Harness['app'][] = [];
  let apiOnly: Harness['app'];
  let webOnly: Harness['app'];
  let radioOnly: Harness['app'];
  let subscriberSitesOnly: Harness['app'];

  /** Another process of the fleet, on the same database. */
  const start = async (options: Partial<AppOptions>) => {
    const { app } = await buildTestApp('pglite', { ...shared(), ...options });
    processes.push(app);
    return app;
  };
  const shared = (): Partial<AppOptions> => ({
    database: everything.database,
    siteFolders,
    publicUrls: [new URL('https://nightcore.example')],
  });

  beforeAll(async () => {
    everything = await buildTestApp('pglite', {
      siteFolders,
      publicUrls: [new URL('https://nightcore.example')],
    });
    apiOnly = await start({ roles: ['api'] });
    await apiOnly.listen({ host: '127.0.0.1', port: 0 });
    const { port } = apiOnly.server.address() as { port: number };
    const apiUrl = new URL(`http://127.0.0.1:${port}`);
    webOnly = await start({ roles: ['web'], apiUrl });
    radioOnly = await start({ roles: ['fm'], apiUrl });
    subscriberSitesOnly = await start({ roles: ['sites'], apiUrl });
  });
  afterAll(async () => {
    for (const app of processes) await app.close();
    await everything.close();
    fs.rmSync(sitesRoot, { recursive: true, force: true });
  });

  const get = (app: Harness['app'], host: string, url = '/') =>
    app.inject({ method: 'GET', url, headers: { host } });

  it('serves every site and the API from one process by default', async () => {
    for (const host of [MAIN, RADIO]) {
      const page = await get(everything.app, host, '/some/page');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Moonlight');
    }
    expect((await get(everything.app, SUBSCRIBER)).statusCode).toBe(200);
    expect(
      (await get(everything.app, MAIN, `/api/v1/song/get?s=${ids.moonlight}&p=new`)).statusCode,
    ).toBe(200);
  });

  it('answers a site it does not serve with 421, and never renders it', async () => {
    for (const [app, hosts] of [
      [apiOnly, [MAIN, RADIO, SUBSCRIBER]],
      [radioOnly, [MAIN, SUBSCRIBER]],
      [webOnly, [RADIO, SUBSCRIBER]],
      [subscriberSitesOnly, [MAIN, RADIO]],
    ] as const) {
      for (const host of hosts) {
        const answer = await get(app, host, '/');
        expect(answer.statusCode, host).toBe(421);
        expect(answer.body).toContain('This server does not serve this site');
        expect(answer.body).not.toContain('Moonlight');
      }
    }
    // Each serves its own.
    expect((await get(radioOnly, RADIO, '/')).statusCode).toBe(200);
    expect((await get(webOnly, MAIN, '/')).statusCode).toBe(200);
    expect((await get(subscriberSitesOnly, SUBSCRIBER, '/')).statusCode).toBe(200);
    // A host the deployment does not serve at all is still simply not found.
    expect((await get(radioOnly, 'evil.example', '/')).statusCode).toBe(404);
  });

  it('answers API calls with a 421 envelope without the api role, but its health checks', async () => {
    const read = await get(radioOnly, RADIO, `/api/v1/song/get?s=${ids.moonlight}&p=new`);
    expect(read.statusCode).toBe(421);
    expect(read.json()).toEqual({
      code: 421,
      message: 'This server does not answer API calls; they are served by the API servers.',
      data: null,
    });
    const write = await webOnly.inject({
      method: 'POST',
      url: '/api/v1/favorites/add',
      headers: { host: MAIN },
    });
    expect(write.statusCode).toBe(421);
    expect((await get(radioOnly, RADIO, '/api/v1/health/ready')).statusCode).toBe(200);
    expect(
      (await get(apiOnly, RADIO, `/api/v1/song/get?s=${ids.moonlight}&p=new`)).statusCode,
    ).toBe(200);
  });

  it('sends the page unrendered, for the app to render, when the API servers do not answer', async () => {
    // Port 9 (discard) is closed: the API servers are down.
    const stranded = await start({ roles: ['web'], apiUrl: new URL('http://127.0.0.1:9') });
    const page = await get(stranded, MAIN, '/songs/moonlight');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(TEMPLATE);
  });

  it('renders the same page, head tags and all, from the API over HTTP as in-process', async () => {
    for (const [app, host] of [
      [webOnly, MAIN],
      [radioOnly, RADIO],
    ] as const) {
      const overHttp = await get(app, host, '/songs/moonlight');
      const inProcess = await get(everything.app, host, '/songs/moonlight');
      expect(overHttp.statusCode).toBe(200);
      expect(overHttp.body).toContain('<title>Moonlight');
      expect(overHttp.body).toContain(
        `<link rel="canonical" href="https://${host}/songs/moonlight">`,
      );
      expect(overHttp.body).toBe(inProcess.body);
    }
  });
});
