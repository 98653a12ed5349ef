import { Container, Spinner } from '@fansite/ui-kit';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { ChannelOfTheDay } from '../features/channel-of-the-day/ChannelOfTheDay.tsx';
import { CommunityChat } from '../features/community/CommunityChat.tsx';
import { HomeTextBlocks } from '../features/home/HomeTextBlocks.tsx';
import { Hero } from '../features/home/Hero.tsx';
import { PlaylistCards } from '../features/playlists/PlaylistCards.tsx';
import { playlistCardsQuery } from '../features/playlists/playlistCardsQuery.ts';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

const homePlaylists = { home: 'true' } as const;

export const Route = createFileRoute('/')({
  staticData: { navbarOverlay: true },
  head: ({ match }): RouteHead => routeHead(match.context.brand, { path: paths.home }),
  // The hero needs no data: the page shows at once and the playlist grid follows when it arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(playlistCardsQuery(context, homePlaylists));
  },
  component: HomeRoute,
});

function HomeRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <Container>
        <Suspense fallback={<Spinner />}>
          <PlaylistCards input={homePlaylists} />
        </Suspense>
        <ChannelOfTheDay />
      </Container>
      <HomeTextBlocks />
      <CommunityChat />
    </>
  );
}
