import { Container } from '@fansite/ui-kit';
import { createFileRoute } from '@tanstack/react-router';
import { CommunityChat } from '../features/community/CommunityChat.tsx';
import { HomeTextBlocks } from '../features/home/HomeTextBlocks.tsx';
import { Hero } from '../features/home/Hero.tsx';
import { PlaylistCards } from '../features/playlists/PlaylistCards.tsx';
import { playlistCardsQuery } from '../features/playlists/playlistCardsQuery.ts';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

const homePlaylists = { home: 'true' } as const;

export const Route = createFileRoute('/')({
  staticData: { navbarOverlay: true },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(playlistCardsQuery(context, homePlaylists)),
  component: HomeRoute,
});

function HomeRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <Container>
        <PlaylistCards input={homePlaylists} />
      </Container>
      <HomeTextBlocks />
      <CommunityChat />
    </>
  );
}
