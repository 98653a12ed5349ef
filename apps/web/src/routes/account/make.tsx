import { createFileRoute } from '@tanstack/react-router';
import { SongMaker } from '../../features/maker/SongMaker.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

export const Route = createFileRoute('/account/make')({
  component: SongMakerRoute,
});

function SongMakerRoute() {
  const { brand } = useAppContext();
  return (
    <>
      <DocumentTitle page="Song Maker" />
      <SongMaker
        defaultSpeed={brand.features.defaultMakerSpeed}
        reverbWhenSlowed={brand.id === 'slowed-reverb'}
        subscribeUrl={brand.subscriptionsUrl}
      />
    </>
  );
}
