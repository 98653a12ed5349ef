import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  isNotFound,
  RouterProvider,
  type AnyRoute,
  type AnyRouter,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { carriedStateScript } from './carried-state.ts';

export { carriedJsonScript } from './carried-state.ts';
export type { RenderedPage, RenderRequest, ServerBuild } from './page.ts';
import { escapeHtml } from './html.ts';
import type { RenderedPage, RenderRequest, ServerBuild } from './page.ts';
import { pageStyleSheet } from './style-rules.ts';

/** What the server renders a page of an app with, for one request. */
export interface ServerPage {
  /** The app's router, built as the browser builds it, over the memory history it was given. */
  router: AnyRouter;
  /** The app's query cache, carried into the page for the browser's app to start from. */
  queryClient?: QueryClient;
  /** Other values the page was rendered from, as JSON blocks (`carriedJsonScript`). */
  state?: string;
  /** True once the app has sent the visitor elsewhere while loading (the plain app handles it). */
  leaving?: () => boolean;
}

/**
 * An app as its server build renders it (ARCHITECTURE.md, pages rendered on the server): how to
 * build its router for one page. Everything else (loading, waiting for reads, the head, styles,
 * markup and the carried state) is the same for every app, in `renderPage`.
 */
export interface ServerApp {
  page(request: {
    /** The public origin of the served host, and that host (the brand and site it names). */
    origin: string;
    host: string;
    history: ReturnType<typeof createMemoryHistory>;
    fetch: typeof globalThis.fetch;
  }): ServerPage | Promise<ServerPage>;
}

/** The page the browser's app renders by itself: nothing rendered, nothing carried. */
const PLAIN_APP: RenderedPage = { status: 200, head: '', html: '', state: '' };

/** Resolves once no query is fetching: loaders may start reads they do not wait for. */
function settled(queryClient: QueryClient | undefined): Promise<void> {
  if (!queryClient || queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) {
        stop();
        resolve();
      }
    });
  });
}

type HeadEntry = Record<string, string | undefined>;

/**
 * The head tags the page's routes declare (TanStack Router's route `head`: `meta`, with a `title`
 * entry, and `links`), every value escaped. A deeper route's tag replaces its parent's of the same
 * name or property.
 */
function routeHeadTags(router: AnyRouter, origin: string): string {
  // Addresses are declared as paths of the site: absolute here, on the served origin.
  const absolute = (value: string) => (value.startsWith('/') ? new URL(value, origin).href : value);
  const meta = new Map<string, HeadEntry>();
  const links = new Map<string, HeadEntry>();
  for (const match of router.state.matches) {
    for (const entry of (match.meta ?? []) as (HeadEntry | undefined)[]) {
      if (!entry) continue;
      const key = entry.title !== undefined ? 'title' : (entry.name ?? entry.property);
      if (!key) continue;
      const content = entry.content;
      meta.set(
        key,
        content && /^og:(?:url|image)$/.test(key)
          ? { ...entry, content: absolute(content) }
          : entry,
      );
    }
    for (const entry of (match.links ?? []) as (HeadEntry | undefined)[]) {
      if (!entry?.rel) continue;
      links.set(
        `${entry.rel} ${entry.hreflang ?? ''}`,
        entry.href ? { ...entry, href: absolute(entry.href) } : entry,
      );
    }
  }
  const attributes = (entry: HeadEntry) =>
    Object.entries(entry)
      .filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '')
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
  const tags: string[] = [];
  for (const [key, entry] of meta) {
    if (key === 'title') tags.push(`<title>${escapeHtml(entry.title ?? '')}</title>`);
    else if (entry.content) tags.push(`<meta${attributes(entry)} />`);
  }
  for (const entry of links.values()) tags.push(`<link${attributes(entry)} />`);
  return tags.join('');
}

/**
 * React writes the elements it hoists into the head (`<title>`, `<link rel=icon>`, preloads) at the
 * start of its markup; they move into the head, where the browser's React finds and adopts them.
 */
const HOISTED = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/;

function splitHoisted(markup: string): { hoisted: string; body: string } {
  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  return { hoisted, body: markup.slice(hoisted.length) };
}

/**
 * Renders one page of an app for the server: the router loads the page (its loaders fill the
 * query cache; reads they start without waiting are waited for), React renders it to a string
 * with its styled-components rules, the routes' head tags go into the head, and the query cache
 * and the app's other state travel in the page as inert JSON blocks.
 *
 * A page the router sends elsewhere (a page for signed-in visitors, whom the server cannot know,
 * or an address it rewrites) is left to the browser's app, exactly as without a server render.
 */
export async function renderPage(app: ServerApp, request: RenderRequest): Promise<RenderedPage> {
  const { host } = new URL(request.origin);
  const page = await app.page({
    origin: request.origin,
    host,
    history: createMemoryHistory({ initialEntries: [request.url] }),
    fetch: request.fetch,
  });
  const { router, queryClient } = page;
  // No scroll-restoring inline script in the page: the CSP allows no inline scripts, and the
  // browser's router restores scroll positions itself after hydration.
  router.update({
    ...router.options,
    isServer: true,
    origin: request.origin,
    scrollRestoration: false,
  });
  try {
    await router.load();
    // A redirect commits no matches: the router keeps none for a page it did not render.
    if (router.state.matches.length === 0 || page.leaving?.()) return PLAIN_APP;
    await settled(queryClient);

    const sheet = pageStyleSheet();
    try {
      const markup = renderToString(sheet.collectStyles(<RouterProvider router={router} />));
      const { hoisted, body } = splitHoisted(markup);
      // A page the router does not know, or whose data names nothing (a read answered 404).
      const notFound =
        router.state.matches.some(
          (match) => match.status === 'notFound' || isNotFound(match.error),
        ) ||
        (queryClient?.getQueryCache().getAll() ?? []).some(
          (query) => (query.state.error as { code?: unknown } | null)?.code === 404,
        );
      let head = routeHeadTags(router, request.origin);
      // The page's own <title>, where it renders one, is among the hoisted tags already.
      if (hoisted.includes('<title>')) head = head.replace(/<title>[^<]*<\/title>/, '');
      return {
        status: notFound ? 404 : 200,
        head: hoisted + head + sheet.getStyleTags(),
        html: body,
        state: (queryClient ? carriedStateScript(queryClient) : '') + (page.state ?? ''),
      };
    } finally {
      sheet.seal();
    }
  } finally {
    queryClient?.clear();
  }
}

/**
 * The address of the page a URL shows (see `ServerBuild.pageAddress`): the parameters the matched
 * routes read, as their `validateSearch` gives them, written as the router writes them after the
 * path. A parameter no route reads is dropped, a default written out and left out are the same.
 */
function pageAddressOf(router: AnyRouter, url: string): string {
  const { pathname, search } = new URL(url, 'http://page');
  const raw = router.options.parseSearch(search) as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const match of router.matchRoutes(pathname, raw)) {
    const validate = (router.routesById as Record<string, AnyRoute>)[match.routeId]?.options
      .validateSearch as ((search: Record<string, unknown>) => Record<string, unknown>) | undefined;
    if (typeof validate === 'function') Object.assign(read, validate(raw));
  }
  const kept = Object.entries(read)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return pathname + router.options.stringifySearch(Object.fromEntries(kept));
}

/** A fetch for the router that only reads addresses: it loads nothing. */
const noFetch: typeof globalThis.fetch = () =>
  Promise.reject(new Error('Reading a page address loads nothing.'));

/**
 * An app's server build (`entry-server.tsx` exports what this returns): `render` for a page,
 * `pageAddress` for the key it is kept under, read by one router built for that alone (the
 * routes' search validation is the same for every host).
 */
export function serverBuild(app: ServerApp): ServerBuild {
  let addressRouter: Promise<AnyRouter> | undefined;
  return {
    render: (request) => renderPage(app, request),
    async pageAddress(url) {
      addressRouter ??= Promise.resolve(
        app.page({
          origin: 'http://localhost',
          host: 'localhost',
          history: createMemoryHistory(),
          fetch: noFetch,
        }),
      ).then((page) => page.router);
      return pageAddressOf(await addressRouter, url);
    },
  };
}
