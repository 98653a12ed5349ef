import { createFileRoute } from '@tanstack/react-router';
import { NewsPage } from '../../features/staff/NewsPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/staff/news')({
  component: StaffNewsRoute,
});

function StaffNewsRoute() {
  return (
    <>
      <DocumentTitle page="Team: News" />
      <NewsPage />
    </>
  );
}
