import { createFileRoute } from '@tanstack/react-router';
import { MusicPage } from '../../features/staff/MusicPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/staff/music')({
  component: StaffMusicRoute,
});

function StaffMusicRoute() {
  return (
    <>
      <DocumentTitle page="Team: Music" />
      <MusicPage />
    </>
  );
}
