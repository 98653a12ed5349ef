import { Container } from '@fansite/ui-kit';
import { createFileRoute } from '@tanstack/react-router';
import { ChannelOfTheDay } from '../features/channel-of-the-day/ChannelOfTheDay.tsx';
import { NetworkPage } from '../features/network/NetworkPage.tsx';
import { networkQueries } from '../features/network/networkQueries.ts';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

export const Route = createFileRoute('/network')({
  head: ({ match: { context } }): RouteHead =>
    routeHead(context.brand, {
      page: 'Network',
      path: paths.network,
      description: `The ${context.brand.siteName} creator network: members, supporters and what they say.`,
    }),
  // Prefetched, not ensured: a failing list leaves its section empty instead of failing the page.
  loader: ({ context: { queryClient, queries } }) =>
    Promise.all([
      queryClient.prefetchQuery(networkQueries.stats(queries)),
      queryClient.prefetchQuery(networkQueries.members(queries)),
      queryClient.prefetchQuery(networkQueries.supporters(queries)),
      queryClient.prefetchQuery(networkQueries.testimonials(queries)),
    ]),
  component: NetworkRoute,
});

function NetworkRoute() {
  return (
    <>
      <NetworkPage />
      <Container>
        <ChannelOfTheDay />
      </Container>
    </>
  );
}
