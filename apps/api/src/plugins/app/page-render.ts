import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { API_PREFIX, endpoints } from '@fansite/contract';
import type { RenderedPage, ServerBuild } from '@fansite/ssr/page';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { RecencyMap } from '../../catalogue/recency-map.ts';

/**
 * The server build of the app whose browser build is in `folder`, when it was built: Vite writes it
 * beside the browser build (`dist-server`), outside the folder the sites plugin serves files from.
 */
export async function loadPageRenderer(folder: string): Promise<ServerBuild | null> {
  const file = path.join(folder, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerBuild>;
  if (typeof module.render !== 'function' || typeof module.pageAddress !== 'function') return null;
  return { render: module.render, pageAddress: module.pageAddress };
}

/** The whole page: the built index.html with the rendered parts in their places. */
export function composePage(template: string, page: RenderedPage): string {
  return template
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-state-->', () => page.state);
}

/**
 * Calls whose answers depend on the catalogue alone (`catalogueOnly` in the contract): a page
 * made only of these (or of none) is the same for every visitor until the catalogue version moves
 * on. Anything else (the network, the feed, the channel of the day) changes on its own schedule
 * and is rendered per request.
 */
const CATALOGUE_READS = new Set(
  Object.values(endpoints).flatMap((endpoint) =>
    'catalogueOnly' in endpoint ? [API_PREFIX + endpoint.path] : [],
  ),
);

/**
 * What a page's API reads tell about the page: `cacheable` turns false once the page reads
 * anything beyond the catalogue, or any read is refused or fails: a page rendered from a 429
 * (this visitor's search limit) or a 503 (the server was busy) shows that visitor an error, which
 * must never be served to the next.
 */
interface PageReads {
  cacheable: boolean;
}

/** The fetch a page is rendered with, and what its reads told. */
interface PageFetch {
  fetch: typeof globalThis.fetch;
  reads: PageReads;
}

/** Makes the fetch for one page's server render, for the visitor's request. */
export type PageFetcher = (app: FastifyInstance, request: FastifyRequest) => PageFetch;

/** One API read of a page, as the server sends it on: the visitor's host, method and body. */
interface ApiRead {
  method: HTTPMethods;
  /** Path and query under the API. */
  url: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/**
 * The fetch handed to a page's render: each call goes out as the visitor's own (their Host picks
 * the brand), through `send`, and is noted in `reads`.
 */
function pageFetch(
  request: FastifyRequest,
  send: (read: ApiRead) => Promise<ApiAnswer>,
): PageFetch {
  const reads: PageReads = { cacheable: true };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    if (!CATALOGUE_READS.has(url.pathname)) reads.cacheable = false;
    const headers: Record<string, string> = { host: request.headers.host ?? '' };
    outgoing.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : undefined;
    const answer = await send({
      method: outgoing.method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      body,
    });
    if (answer.status < 200 || answer.status > 299) reads.cacheable = false;
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  return { fetch, reads };
}

/**
 * A fetch for the server render that answers from this same Fastify app (`inject`): no network
 * hop, and every call passes the same checks and limits as the visitor's own, counted against the
 * visitor's address.
 */
export const inProcessFetch: PageFetcher = (app, request) =>
  pageFetch(request, async ({ method, url, headers, body }) => {
    const answer = await app.inject({
      method,
      url,
      headers,
      payload: body,
      remoteAddress: request.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, String(value));
    }
    // A view of the answer's bytes (no copy), as every fetch Response takes it.
    const { buffer, byteOffset, byteLength } = answer.rawPayload;
    return {
      status: answer.statusCode,
      headers: responseHeaders,
      body: new Uint8Array(buffer as ArrayBuffer, byteOffset, byteLength),
    };
  });

/** Connections to the API servers are kept open between pages: a page makes a few calls. */
const keepAlive = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** A page waits this long for the API before it is sent unrendered (the app then reads itself). */
const API_READ_TIMEOUT_MS = 10_000;

/**
 * A fetch for the server render of a process without the api role: each call goes to the API
 * servers at `apiUrl` with the visitor's Host (which picks the brand and the site), their address
 * in X-Forwarded-For (so the API counts its limits against the visitor: its TRUST_PROXY must
 * count this process) and the page's request id, so the two log lines tie up. Node's fetch drops
 * a Host header, hence node:http.
 */
export function overHttpFetch(apiUrl: URL): PageFetcher {
  const client = apiUrl.protocol === 'https:' ? https : http;
  const agent = apiUrl.protocol === 'https:' ? keepAlive.https : keepAlive.http;
  return (_app, request) =>
    pageFetch(
      request,
      ({ method, url, headers, body }) =>
        new Promise<ApiAnswer>((resolve, reject) => {
          const outgoing = client.request(
            new URL(url, apiUrl),
            {
              method,
              agent,
              timeout: API_READ_TIMEOUT_MS,
              headers: {
                ...headers,
                'x-forwarded-for': request.ip,
                'x-forwarded-proto': request.protocol,
                'x-request-id': request.id,
              },
            },
            (answer) => {
              const chunks: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => chunks.push(chunk));
              answer.on('error', reject);
              answer.on('end', () => {
                const responseHeaders = new Headers();
                for (const [name, value] of Object.entries(answer.headers)) {
                  if (value !== undefined) responseHeaders.set(name, String(value));
                }
                resolve({
                  status: answer.statusCode ?? 502,
                  headers: responseHeaders,
                  body: Buffer.concat(chunks),
                });
              });
            },
          );
          outgoing.on('timeout', () =>
            outgoing.destroy(new Error(`the API at ${apiUrl.origin} did not answer in time`)),
          );
          outgoing.on('error', reject);
          outgoing.end(body);
        }),
    );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * A rendered page, compressed the way browsers accept it. Only the compressed forms are kept: a
 * song page carrying its playlist is a few hundred kilobytes of text, and the rare client that
 * takes neither encoding gets the gzip form unpacked.
 */
export interface CachedPage {
  status: number;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compresses a rendered page once (the built files come compressed from the build; rendered pages
 * are compressed here, and a cached page is never compressed again). A middling brotli quality:
 * nearly the size of the best at a small part of its time.
 */
export async function compressPage(status: number, html: string): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(html, { level: 6 }),
  ]);
  return { status, br, gzip: gz };
}

/** The body for a request: brotli or gzip when its Accept-Encoding takes them. */
export async function pageBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): Promise<{ encoding?: 'br' | 'gzip'; body: Buffer }> {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return { encoding: 'br', body: page.br };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: page.gzip };
  return { body: await gunzip(page.gzip) };
}

/**
 * Rendered catalogue pages, per served origin (which picks the brand) and page address, for one
 * catalogue version: a new version empties it. Bounded by the bytes it holds, least recently used
 * out first.
 */
const sizeOf = (page: CachedPage) => page.br.length + page.gzip.length;

export class RenderCache {
  private entries = new RecencyMap<string, CachedPage>();
  private size = 0;
  private version: number | null = null;

  constructor(private readonly maxBytes: number) {}

  get(version: number, key: string): CachedPage | undefined {
    if (version !== this.version) return undefined;
    return this.entries.get(key);
  }

  set(version: number, key: string, page: CachedPage): void {
    if (version !== this.version) {
      this.entries.clear();
      this.size = 0;
      this.version = version;
    }
    if (sizeOf(page) > this.maxBytes) return;
    const previous = this.entries.peek(key);
    if (previous) this.size -= sizeOf(previous);
    this.entries.set(key, page);
    this.size += sizeOf(page);
    // The least recently used out first; the page just set fits alone.
    while (this.size > this.maxBytes) {
      const oldKey = this.entries.oldest()!;
      this.size -= sizeOf(this.entries.peek(oldKey)!);
      this.entries.delete(oldKey);
    }
  }
}
