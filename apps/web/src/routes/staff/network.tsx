import { createFileRoute } from '@tanstack/react-router';
import { NetworkPage } from '../../features/staff/NetworkPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/staff/network')({
  component: StaffNetworkRoute,
});

function StaffNetworkRoute() {
  return (
    <>
      <DocumentTitle page="Team: Network" />
      <NetworkPage />
    </>
  );
}
