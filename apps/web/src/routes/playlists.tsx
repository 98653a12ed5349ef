import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaylistsPage } from '../features/playlists/PlaylistsPage.tsx';
import { playlistCardsQuery } from '../features/playlists/playlistCardsQuery.ts';
import {
  DEFAULT_PLAYLIST_ORDER,
  playlistOrderInput,
  playlistOrderParamSchema,
} from '../features/playlists/playlistOrder.ts';

export const Route = createFileRoute('/playlists')({
  validateSearch: z.object({ sort: playlistOrderParamSchema }),
  // The default order keeps the address bare: /playlists, not /playlists?sort=popular.
  search: { middlewares: [stripSearchParams({ sort: DEFAULT_PLAYLIST_ORDER })] },
  loaderDeps: ({ search }) => ({ sort: search.sort }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(playlistCardsQuery(context, playlistOrderInput(deps.sort))),
  component: PlaylistsRoute,
});

function PlaylistsRoute() {
  const { sort } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PlaylistsPage order={sort} onOrderChange={(order) => navigate({ search: { sort: order } })} />
  );
}
