import { createFileRoute } from '@tanstack/react-router';
import { MembersPage, allMembersInput } from '../features/members/MembersPage.tsx';

export const Route = createFileRoute('/members')({
  // Prefetched, not ensured: a failing list shows as empty (docs/product.md, messages).
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.queries.member.all(allMembersInput)),
  component: MembersPage,
});
