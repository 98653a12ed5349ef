import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../features/staff/InboxPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/staff/inbox')({
  component: StaffInboxRoute,
});

function StaffInboxRoute() {
  return (
    <>
      <DocumentTitle page="Team: Inbox" />
      <InboxPage />
    </>
  );
}
