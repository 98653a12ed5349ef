import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PlaylistsPage } from '../features/playlists/PlaylistsPage.tsx';
import { loadPlaylistCards } from '../features/playlists/playlistCardsQuery.ts';
import {
  DEFAULT_PLAYLIST_ORDER,
  playlistOrderInput,
  playlistOrderParam,
  type PlaylistOrder,
} from '../features/playlists/playlistOrder.ts';
import type { SearchInput } from '../lib/search-params.ts';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

type PlaylistsSearch = { sort: PlaylistOrder };

export const Route = createFileRoute('/playlists')({
  validateSearch: (search: SearchInput<PlaylistsSearch>): PlaylistsSearch => ({
    sort: playlistOrderParam(search.sort),
  }),
  // The default order keeps the address bare: /playlists, not /playlists?sort=popular.
  search: { middlewares: [stripSearchParams({ sort: DEFAULT_PLAYLIST_ORDER })] },
  loaderDeps: ({ search }) => ({ sort: search.sort }),
  loader: ({ context, deps }) => loadPlaylistCards(context, playlistOrderInput(deps.sort)),
  head: ({ match: { context } }): RouteHead =>
    routeHead(context.brand, {
      page: 'Playlists',
      path: paths.playlists,
      description: `Every ${context.brand.siteName} playlist, newest and most played.`,
    }),
  component: PlaylistsRoute,
});

function PlaylistsRoute() {
  const { sort } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PlaylistsPage order={sort} onOrderChange={(order) => navigate({ search: { sort: order } })} />
  );
}
