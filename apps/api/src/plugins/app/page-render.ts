import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { API_PREFIX, endpoints } from '@fansite/contract';
import type { RenderedPage } from '@fansite/ssr/page';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RecencyMap } from '../../catalogue/recency-map.ts';
import { fetchThrough, type ApiAnswer, type ApiRead } from './server-build.ts';

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

/**
 * How a page's API reads are answered, and what they told: `send` answers one read as the
 * visitor's own; `fetch` is the same as a fetch, for a render on this thread (a render thread
 * builds its own over `send`, render-thread.ts).
 */
interface PageFetch {
  send: (read: ApiRead) => Promise<ApiAnswer>;
  fetch: typeof globalThis.fetch;
  reads: PageReads;
}

/** Makes the fetch for one page's server render, for the visitor's request. */
export type PageFetcher = (app: FastifyInstance, request: FastifyRequest) => PageFetch;

/**
 * A page's reads, each sent on as the visitor's own (their Host picks the brand) through
 * `answer`, and noted in `reads`.
 */
function pageFetch(
  request: FastifyRequest,
  answer: (read: ApiRead) => Promise<ApiAnswer>,
): PageFetch {
  const reads: PageReads = { cacheable: true };
  const send = async (read: ApiRead) => {
    if (!CATALOGUE_READS.has(read.url.split('?')[0]!)) reads.cacheable = false;
    const answered = await answer({
      ...read,
      headers: { ...read.headers, host: request.headers.host ?? '' },
    });
    if (answered.status < 200 || answered.status > 299) reads.cacheable = false;
    return answered;
  };
  return { send, fetch: fetchThrough(send), reads };
}

/** The answer's headers as name and value pairs, each value a string. */
function headerPairs(headers: Record<string, string | string[] | number | undefined>) {
  return Object.entries(headers).flatMap(([name, value]): [string, string][] =>
    value === undefined ? [] : [[name, String(value)]],
  );
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
      payload: body && Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      remoteAddress: request.ip,
    });
    // A view of the answer's bytes (no copy), as every fetch Response takes it.
    const { buffer, byteOffset, byteLength } = answer.rawPayload;
    return {
      status: answer.statusCode,
      headers: headerPairs(answer.headers),
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
                resolve({
                  status: answer.statusCode ?? 502,
                  headers: headerPairs(answer.headers),
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

/** How a rendered page's bytes are compressed. */
export type PageEncoding = 'br' | 'gzip';

/**
 * A rendered page as it is kept and sent: compressed, in the encodings visitors have asked for so
 * far (at least one). The rare client that takes neither gets a form unpacked.
 */
export type CachedPage = { status: number } & (
  { br: Buffer; gzip?: Buffer } | { br?: Buffer; gzip: Buffer }
);

/** A page composed and compressed (`finishPage`), as it crosses from a render thread. */
export interface FinishedPage {
  status: number;
  encoding: PageEncoding;
  body: Uint8Array;
}

/** The encoding a request's Accept-Encoding takes, brotli first; none when it takes neither. */
export function encodingFor(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Pages up to this size are compressed in line: most pages are a few tens of kilobytes, whose
 * compression (well under a millisecond) costs less than the asynchronous form's stream and
 * thread hand-offs. A bigger page (the playlists page is hundreds of kilobytes) goes to the
 * thread pool rather than hold the event loop for milliseconds.
 */
const COMPRESSED_IN_LINE_CHARACTERS = 64 * 1024;

const compressors = {
  br: {
    inLine: zlib.brotliCompressSync,
    pooled: promisify(zlib.brotliCompress),
    // A middling quality: nearly the size of the best at a small part of its time.
    options: (html: string): zlib.BrotliOptions => ({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
  },
  gzip: {
    inLine: zlib.gzipSync,
    pooled: promisify(zlib.gzip),
    options: (): zlib.ZlibOptions => ({ level: 6 }),
  },
};

/** A page's HTML compressed in `encoding` (the built files come compressed from the build). */
async function compressPage(html: string, encoding: PageEncoding): Promise<Buffer> {
  const { inLine, pooled, options } = compressors[encoding];
  if (html.length <= COMPRESSED_IN_LINE_CHARACTERS) return inLine(html, options(html));
  return pooled(html, options(html));
}

/**
 * The whole page, composed into the app's built index.html and compressed once in `encoding`: a
 * page kept for other visitors is never compressed again in that encoding.
 */
export async function finishPage(
  template: string,
  page: RenderedPage,
  encoding: PageEncoding,
): Promise<FinishedPage> {
  const body = await compressPage(composePage(template, page), encoding);
  return { status: page.status, encoding, body };
}

/** The page a render finished, kept in the encoding it was made in. */
export function cachedPage({ status, encoding, body }: FinishedPage): CachedPage {
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return encoding === 'br' ? { status, br: bytes } : { status, gzip: bytes };
}

const unpack = {
  br: promisify(zlib.brotliDecompress),
  gzip: promisify(zlib.gunzip),
};

/**
 * The body for a request, in the encoding its Accept-Encoding takes; `added` is the page with
 * that encoding added when it was made now (the page was kept in another), for the caller to keep.
 */
export async function pageBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): Promise<{ encoding?: PageEncoding; body: Buffer; added?: CachedPage }> {
  const wanted = encodingFor(acceptEncoding);
  const kept = wanted && page[wanted];
  if (wanted && kept) return { encoding: wanted, body: kept };
  const html = page.br ? await unpack.br(page.br) : await unpack.gzip(page.gzip!);
  if (!wanted) return { body: html };
  const body = await compressPage(html.toString('utf8'), wanted);
  return { encoding: wanted, body, added: { ...page, [wanted]: body } };
}

/**
 * Rendered catalogue pages, per served origin (which picks the brand) and page address, for one
 * catalogue version: a new version empties it. Bounded by the bytes it holds, least recently used
 * out first.
 */
const sizeOf = (page: CachedPage) => (page.br?.length ?? 0) + (page.gzip?.length ?? 0);

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
    // A page rendered (or given another encoding) from a version the catalogue has left, set
    // late: it is not kept, and the newer version's pages stay.
    if (this.version !== null && version < this.version) return;
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
