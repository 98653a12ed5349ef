import { createFileRoute } from '@tanstack/react-router';
import { ArtworkPage } from '../../features/artwork/ArtworkPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/account/artwork')({
  component: ArtworkRoute,
});

function ArtworkRoute() {
  return (
    <>
      <DocumentTitle page="Channel artwork" />
      <ArtworkPage />
    </>
  );
}
