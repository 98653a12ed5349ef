import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@fansite/contract';
import { resolveHost, type SiteKind } from '@fansite/brand-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../../catalogue/read-cache.ts';
import { noSuchCall } from './envelope.ts';
import {
  cachedPage,
  encodingFor,
  finishPage,
  pageBody,
  RenderCache,
  type CachedPage,
  type PageFetcher,
} from './page-render.ts';
import { RenderThreads } from './render-thread.ts';
import { loadSiteBuild, type SiteBuild } from './server-build.ts';

export type SiteFolders = Record<Exclude<SiteKind, 'not-found'>, string>;

/** A site a server may serve (each is a role of its own, SERVE in the README). */
export type ServedSite = keyof SiteFolders;

interface SitesOptions {
  folders: SiteFolders;
  /** The sites this process serves; a host of any other gets 421 (docs/fleet.md). */
  served: ReadonlySet<ServedSite>;
  /** How a page's API reads are answered: in this process, or by the API servers over HTTP. */
  pageFetcher: PageFetcher;
  /** Pages one address may have rendered afresh per minute (pages from the cache do not count). */
  rendersPerMinute?: number;
  /** Threads that render pages (render-thread.ts); 0: pages are rendered on the event loop. */
  renderThreads: number;
}

/**
 * The page addresses kept, by site and URL: a URL asked again (a page from the cache) skips the
 * router's match and a fifth of what a cached page allocates (a cached song page took 123-158 µs
 * of server CPU with the match, 83-113 µs without).
 */
const PAGE_ADDRESSES_KEPT = 10_000;

/** Generous: a visitor browsing quickly renders a few pages a minute, a crawler behind one address many more. */
const DEFAULT_RENDERS_PER_MINUTE = 300;

/** Vite puts content-hashed files under assets/: they never change, so browsers keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;text-align:center;padding:4rem"><h1>Page not found</h1>
<p><a href="/">Go back home</a></p></body></html>`;

/**
 * 421 Misdirected Request: the host is one of the deployment's, but this process does not serve
 * it (it runs other roles). That is a routing mistake in front of it, not a missing page, and the
 * status says so: the proxy's log shows it, and a proxy does not try the next server on a 421.
 */
const NOT_SERVED_HERE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not served here</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;text-align:center;padding:4rem"><h1>This server does not serve this site</h1>
<p>The request reached a server of the site that serves other parts of it. Please try again in a moment.</p></body></html>`;

/** The files of a built app, listed once: a URL is served only when it names one of them. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      files.add(
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
    }
  }
  return files;
}

/**
 * One port serves every site: the host name picks the app (docs/product.md, screens), known files are
 * sent as they are, and any other path gets the app's index.html so its router can answer.
 */
async function sitesPlugin(
  app: FastifyInstance,
  {
    folders,
    served,
    pageFetcher,
    rendersPerMinute = DEFAULT_RENDERS_PER_MINUTE,
    renderThreads,
  }: SitesOptions,
) {
  // Only reply.sendFile is used, always with an explicit root; the default root must merely exist.
  const builtRoots = Object.values(folders).filter((root) => fs.existsSync(root));
  await app.register(fastifyStatic, {
    root: builtRoots[0] ?? process.cwd(),
    serve: false,
    // The site builds write .br and .gz beside each text file; browsers get those as they are.
    preCompressed: true,
  });
  const builtFiles = Object.fromEntries(
    Object.entries(folders).map(([site, root]) => [site, listFiles(root)]),
  ) as Record<keyof SiteFolders, Set<string>>;
  // A subscriber's page is rendered per request into this HTML, kept in memory; it is sent as it is
  // for a path that is not the site's page, or when the site cannot be rendered.
  const subscriberIndexHtml = builtFiles.subscriber.has('index.html')
    ? fs.readFileSync(path.join(folders.subscriber, 'index.html'), 'utf8')
    : '';

  // Every app's pages are rendered on the server (ARCHITECTURE.md, pages rendered on the server),
  // each by its app's server build, into its app's index.html.
  const renderers: Partial<Record<keyof SiteFolders, SiteBuild>> = {};
  for (const site of ['main', 'fm', 'subscriber'] as const) {
    if (!served.has(site) || !builtFiles[site].has('index.html')) continue;
    const build = await loadSiteBuild(folders[site]);
    if (build) renderers[site] = build;
  }
  const threads =
    renderThreads > 0
      ? new RenderThreads(
          Object.fromEntries(
            Object.keys(renderers).map((site) => [site, folders[site as keyof SiteFolders]]),
          ),
          renderThreads,
        )
      : null;
  app.addHook('onClose', async () => threads?.close());

  /**
   * A page of `site` rendered, composed and compressed as the request takes it (gzip, kept for a
   * client that takes neither), on the render thread when there is one; its reads by `fetcher`.
   */
  async function renderOf(
    site: keyof SiteFolders,
    request: FastifyRequest,
    origin: string,
    fetcher: ReturnType<PageFetcher>,
  ): Promise<CachedPage> {
    const url = request.url;
    const encoding = encodingFor(request.headers['accept-encoding']) ?? 'gzip';
    if (threads) {
      return cachedPage(await threads.render(site, { url, origin, encoding }, fetcher.send));
    }
    const { render, template } = renderers[site]!;
    const page = await render({ url, origin, fetch: fetcher.fetch });
    return cachedPage(await finishPage(template, page, encoding));
  }

  /** Sends `page` as the request takes it; a form made now is handed to `keep`. */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    keep?: (page: CachedPage) => void,
  ) {
    const { encoding, body, added } = await pageBody(page, request.headers['accept-encoding']);
    if (added) keep?.(added);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.code(page.status).send(body);
  }

  const renderCache = new RenderCache(64 * 1024 * 1024);
  const pageAddresses = new ReadCache<string>(PAGE_ADDRESSES_KEPT);
  // Fresh renders per address: a cached page costs a lookup, a render tens of milliseconds.
  const freshRenders = app.createRateLimit({ max: rendersPerMinute, timeWindow: 60_000 });

  /**
   * A rendered page: from the render cache, or rendered now; the plain app on failure, or once the
   * visitor's address has used up its fresh renders (never a 429: the app renders the page itself).
   */
  async function serveRenderedPage(
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    site: 'main' | 'fm',
  ) {
    const { pageAddress, template } = renderers[site]!;
    reply
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    let key: string;
    try {
      const url = request.url;
      key = `${origin} ${await pageAddresses.get(`${site} ${url}`, async () => pageAddress(url))}`;
    } catch (error) {
      request.log.error({ err: error }, 'could not read the address of a page');
      return reply.send(template);
    }
    const version = app.catalogue.version;
    const cached = renderCache.get(version, key);
    app.metrics.pageCacheLookups.inc({ result: cached ? 'hit' : 'miss' });
    const keep = (page: CachedPage) => renderCache.set(version, key, page);
    if (cached) return sendPage(request, reply, cached, keep);
    const renders = await freshRenders(request);
    if (!renders.isAllowed && renders.isExceeded) return reply.send(template);
    const fetcher = pageFetcher(app, request);
    let page: CachedPage;
    try {
      page = await renderOf(site, request, origin, fetcher);
    } catch (error) {
      request.log.error({ err: error }, 'could not render a page on the server');
      return reply.send(template);
    }
    if (!fetcher.reads.cacheable) return sendPage(request, reply, page);
    keep(page);
    return sendPage(request, reply, page, keep);
  }

  /**
   * docs/product.md, screens: a subscriber's site is its root page; any other path is not found (the
   * app shows its not-found view, and the status says so). The root page is rendered with the
   * preview tags its route declares; a site that is not enabled gets the plain page, whose app
   * sends the visitor to the main site.
   */
  async function serveSubscriberPage(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    origin: string,
  ) {
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    if (pathname !== '/') return reply.code(404).send(subscriberIndexHtml);
    // Rendered per request, never cached: the subscriber may save the site or upload at any time.
    if (!renderers.subscriber) return reply.send(subscriberIndexHtml);
    let page: CachedPage;
    try {
      page = await renderOf('subscriber', request, origin, pageFetcher(app, request));
    } catch (error) {
      request.log.error({ err: error }, 'could not render a subscriber site on the server');
      return reply.send(subscriberIndexHtml);
    }
    return sendPage(request, reply.header('vary', 'accept-encoding'), page);
  }

  async function serveSite(request: FastifyRequest, reply: FastifyReply) {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (isApiPath(pathname)) {
      return noSuchCall(reply);
    }
    // Only the hosts this deployment serves get a site: any other Host header (which any client
    // can write) gets the not-found page, and is never rendered, cached or linked to.
    const origin = app.publicSites.originOf(request.headers.host ?? '', request.protocol);
    const { site, subdomain } = origin
      ? resolveHost(new URL(origin).host)
      : { site: 'not-found' as const, subdomain: null };
    if (origin && site !== 'not-found' && !served.has(site)) {
      return reply
        .code(421)
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(NOT_SERVED_HERE_PAGE);
    }
    const files = site === 'not-found' ? undefined : builtFiles[site];
    if (!origin || site === 'not-found' || !files?.has('index.html')) {
      return reply
        .code(404)
        .type('text/html')
        .header('cache-control', REVALIDATE)
        .send(NOT_FOUND_PAGE);
    }
    const root = folders[site];
    const file = pathname.slice(1);
    if (files.has(file)) {
      const cacheControl = file.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
      return reply
        .header('cache-control', cacheControl)
        .sendFile(file, root, { cacheControl: false });
    }
    // A missing asset is a real 404; only page paths fall back to the app.
    if (file.startsWith('assets/')) return reply.code(404).send();
    if (site === 'subscriber' && subdomain) {
      return serveSubscriberPage(request, reply, pathname, origin);
    }
    if ((site === 'main' || site === 'fm') && renderers[site]) {
      return serveRenderedPage(request, reply, origin, site);
    }
    return reply
      .header('cache-control', REVALIDATE)
      .sendFile('index.html', root, { cacheControl: false });
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: serveSite });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: serveSite });
}

export default fp(sitesPlugin, { name: 'sites' });
