import { createFileRoute } from '@tanstack/react-router';
import { WebsitePage } from '../../features/website/WebsitePage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/account/website')({
  component: WebsiteRoute,
});

function WebsiteRoute() {
  return (
    <>
      <DocumentTitle page="My website" />
      <WebsitePage />
    </>
  );
}
