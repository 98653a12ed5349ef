import { createFileRoute } from '@tanstack/react-router';
import { MembersPage, allMembersInput } from '../features/members/MembersPage.tsx';

export const Route = createFileRoute('/members')({
  // Prefetched, not ensured: a failing list shows as empty (SPEC.md section 8).
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.queries.member.all(allMembersInput)),
  component: MembersPage,
});
