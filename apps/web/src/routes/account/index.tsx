import { createFileRoute } from '@tanstack/react-router';
import { AccountDashboard } from '../../features/account/AccountDashboard.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/account/')({
  loader: ({ context }) => {
    void context.auth
      .currentUser()
      .then((user) =>
        context.queryClient.prefetchQuery(context.queries.favorite.all({}, user?.uid ?? null)),
      );
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  return (
    <>
      <DocumentTitle page="Dashboard" />
      <AccountDashboard />
    </>
  );
}
