import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SearchPage } from '../features/search/SearchPage.tsx';
import {
  DEFAULT_SEARCH_ORDER,
  searchOrderInput,
  searchOrderParam,
  type SearchOrder,
} from '../features/search/searchOrder.ts';
import { choiceParam, textParam, type SearchInput } from '../lib/search-params.ts';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

type SearchSearch = { q?: string; type?: 'artist'; sort: SearchOrder };

export const Route = createFileRoute('/search')({
  validateSearch: (search: SearchInput<SearchSearch>): SearchSearch => ({
    // Longer than the API takes: the page shows the API's own message for it.
    q: textParam(search.q, { maxLength: 2000 }),
    type: choiceParam(search.type, ['artist'] as const),
    sort: searchOrderParam(search.sort),
  }),
  // The default order keeps the address as the navbar writes it: /search?q=moon.
  search: { middlewares: [stripSearchParams({ sort: DEFAULT_SEARCH_ORDER })] },
  loaderDeps: ({ search }) => search,
  // The results are the page's main content: the server waits for them. The browser shows the
  // page at once, with a spinner where they will be, and the page reads them itself.
  loader: async ({ context, deps: { q, type, sort } }) => {
    const text = q?.trim();
    if (!context.serverRender || !text) return;
    await context.queryClient.prefetchInfiniteQuery(
      context.queries.song.searchPages({ s: text, type, ...searchOrderInput(sort) }),
    );
  },
  head: ({ match: { context, search } }): RouteHead => {
    const q = search.q?.trim();
    return routeHead(context.brand, {
      page: q ? `Search: ${q}` : 'Search',
      path: paths.search(q ?? ''),
    });
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { q = '', type, sort } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage
      text={q.trim()}
      type={type}
      order={sort}
      onOrderChange={(order) => navigate({ search: (previous) => ({ ...previous, sort: order }) })}
    />
  );
}
