import { carriedStateScript, createApiClient, createQueries } from '@fansite/api-client';
import type { AuthService } from '@fansite/auth';
import { loadBrand } from '@fansite/brand-config';
import { FAVORITE_PLAYLIST_ID, type RenderedPage, type RenderRequest } from '@fansite/contract';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { searchOrderInput, type SearchOrder } from './features/search/searchOrder.ts';
import type { AppContext } from './lib/context.ts';
import { createAppRouter } from './router.tsx';
import { queryClientOptions } from './ssr/client-state.ts';
import { headTags, pageHead } from './ssr/head.ts';

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
 * Nobody is signed in on the server: the page is rendered as a visitor sees it before their saved
 * session is read, and the browser's app fills in the signed-in parts after hydration.
 */
const signedOut: AuthService = {
  currentUser: () => Promise.resolve(null),
  onUserChanged: () => () => {},
  getIdToken: () => Promise.resolve(null),
  signUp: refuse,
  signIn: refuse,
  signOut: refuse,
  sendPasswordReset: refuse,
  verifyResetCode: refuse,
  confirmReset: refuse,
  sendEmailVerification: refuse,
  applyEmailVerification: refuse,
  changePassword: refuse,
};
function refuse(): Promise<never> {
  return Promise.reject(new Error('Accounts are only available in the browser.'));
}

/** Resolves once no query is fetching: loaders may start reads they do not wait for. */
function settled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * Reads that pages make with `useQuery` (shown after a spinner in the browser) but that the server
 * waits for, so the page's main content is in the HTML: the song with its playlist's next songs
 * ("Up next", which the player queues from the same read), and the search results.
 */
function prefetchPageData(context: AppContext, routeId: string, search: Record<string, unknown>) {
  const { queryClient, queries } = context;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (routeId === '/song') {
    const s = text(search.s);
    const p = text(search.p);
    if (s && p) {
      return Promise.all([
        queryClient.prefetchQuery(queries.song.get({ s, p }, null)),
        // The favourites are someone's: their list is read in the browser, once signed in.
        p === FAVORITE_PLAYLIST_ID
          ? undefined
          : queryClient.prefetchQuery(queries.playlist.get({ p })),
      ]);
    }
  }
  if (routeId === '/search') {
    const q = text(search.q)?.trim();
    const type = search.type === 'artist' ? 'artist' : undefined;
    const order = search.sort as SearchOrder;
    if (q) {
      return queryClient.prefetchInfiniteQuery(
        queries.song.searchPages({ s: q, type, ...searchOrderInput(order) }),
      );
    }
  }
  return Promise.resolve();
}

/** Renders one page of the main site for the server (ARCHITECTURE.md, pages rendered on the server). */
export async function render({ url, host, origin, fetch }: RenderRequest): Promise<RenderedPage> {
  const brand = loadBrand(host);
  const queryClient = new QueryClient(queryClientOptions);
  const apiClient = createApiClient({ baseUrl: origin, fetch });
  const queries = createQueries(apiClient);
  const context: AppContext = { queryClient, apiClient, queries, brand, auth: signedOut };
  const router = createAppRouter(context, createMemoryHistory({ initialEntries: [url] }));
  // No scroll-restoring inline script in the page: the CSP allows no inline scripts, and the
  // browser's router restores scroll positions itself after hydration.
  router.update({ ...router.options, isServer: true, origin, scrollRestoration: false });

  await router.load();
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    // A page for signed-in visitors (whom the server cannot know), or an address the router would
    // rewrite (`&shuffle` with no value, a default written out): the browser's app handles it
    // from the plain page, exactly as it would without the server's render.
    return { status: 200, head: '', html: '', state: '' };
  }
  const leaf = router.state.matches.at(-1);
  const routeId = leaf?.routeId ?? '/';
  const search = (leaf?.search ?? {}) as Record<string, unknown>;
  await prefetchPageData(context, routeId, search);
  await settled(queryClient);

  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(sheet.collectStyles(<RouterProvider router={router} />));
    const { hoisted, body } = splitHoisted(markup);
    const notFound =
      result?.status === 404 ||
      router.state.matches.some((match) => match.status === 'notFound') ||
      (routeId === '/song' &&
        !queryClient.getQueryData(
          queries.song.get({ s: String(search.s ?? ''), p: String(search.p ?? '') }, null).queryKey,
        ));
    const head = headTags(pageHead({ routeId, search, brand, queryClient, queries }), {
      origin,
      siteName: brand.siteName,
      // The page's own <title> (DocumentTitle) is among the hoisted tags when it renders one.
      withTitle: !hoisted.includes('<title>'),
    });
    return {
      status: notFound ? 404 : 200,
      head: hoisted + head + sheet.getStyleTags(),
      html: body,
      state: carriedStateScript(queryClient),
    };
  } finally {
    sheet.seal();
    queryClient.clear();
  }
}
