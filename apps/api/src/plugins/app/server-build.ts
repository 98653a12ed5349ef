import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@fansite/ssr/page';
import type { HTTPMethods } from 'fastify';

/**
 * The server build of the app whose browser build is in `folder`, when it was built: Vite writes it
 * beside the browser build (`dist-server`), outside the folder the sites plugin serves files from.
 */
async function loadPageRenderer(folder: string): Promise<ServerBuild | null> {
  const file = path.join(folder, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerBuild>;
  if (typeof module.render !== 'function' || typeof module.pageAddress !== 'function') return null;
  return { render: module.render, pageAddress: module.pageAddress };
}

/** An app's server build and the built index.html its pages are composed into. */
export type SiteBuild = ServerBuild & { template: string };

/** The server build of the app built in `folder` and its index.html, when both were built. */
export async function loadSiteBuild(folder: string): Promise<SiteBuild | null> {
  const templateFile = path.join(folder, 'index.html');
  if (!fs.existsSync(templateFile)) return null;
  const build = await loadPageRenderer(folder);
  return build && { ...build, template: await readFile(templateFile, 'utf8') };
}

/** One API read of a page, as the server sends it on: the visitor's host, method and body. */
export interface ApiRead {
  method: HTTPMethods;
  /** Path and query, the API's prefix among them. */
  url: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | undefined;
}

/** An API read's answer, in a form that crosses to a render thread as it is. */
export interface ApiAnswer {
  status: number;
  headers: [name: string, value: string][];
  body: Uint8Array<ArrayBuffer>;
}

/** The fetch a page's render calls, over a function that answers each of its reads. */
export function fetchThrough(send: (read: ApiRead) => Promise<ApiAnswer>): typeof globalThis.fetch {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    const headers: Record<string, string> = {};
    outgoing.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await send({
      method: outgoing.method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      body: outgoing.body ? new Uint8Array(await outgoing.arrayBuffer()) : undefined,
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
