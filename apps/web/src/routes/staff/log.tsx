import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../features/staff/AuditLogPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/staff/log')({
  component: StaffLogRoute,
});

function StaffLogRoute() {
  return (
    <>
      <DocumentTitle page="Team: Log" />
      <AuditLogPage />
    </>
  );
}
