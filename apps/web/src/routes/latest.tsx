import { createFileRoute } from '@tanstack/react-router';
import { LatestPage } from '../features/feed/LatestPage.tsx';

export const Route = createFileRoute('/latest')({
  // Prefetched, not ensured: a failing feed shows as empty (docs/product.md, messages).
  loader: ({ context }) => context.queryClient.prefetchQuery(context.queries.feed.all({})),
  component: LatestPage,
});
