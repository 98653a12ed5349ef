import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../features/members/MembersPage.tsx';
import { allMembersInput } from '../features/members/membersQuery.ts';

export const Route = createFileRoute('/members')({
  // Prefetched, not ensured: a failing list shows as empty (docs/product.md, messages).
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.queries.member.all(allMembersInput)),
  component: MembersPage,
});
