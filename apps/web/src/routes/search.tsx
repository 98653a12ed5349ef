import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { SearchPage } from '../features/search/SearchPage.tsx';
import { DEFAULT_SEARCH_ORDER, searchOrderParamSchema } from '../features/search/searchOrder.ts';

export const Route = createFileRoute('/search')({
  validateSearch: z.object({
    q: z.string().optional().catch(undefined),
    type: z.enum(['artist']).optional().catch(undefined),
    sort: searchOrderParamSchema,
  }),
  // The default order keeps the address as the navbar writes it: /search?q=moon.
  search: { middlewares: [stripSearchParams({ sort: DEFAULT_SEARCH_ORDER })] },
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
