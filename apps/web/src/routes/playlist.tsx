import { isPlaylistId } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { PlaylistPage } from '../features/playlist/PlaylistPage.tsx';
import { loadPlaylist } from '../features/playlist/playlistQuery.ts';
import { idParam, type SearchInput } from '../lib/search-params.ts';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

type PlaylistSearch = { p?: string };

export const Route = createFileRoute('/playlist')({
  // A missing or malformed id names no playlist: the loader turns it into the 404 view.
  validateSearch: (search: SearchInput<PlaylistSearch>): PlaylistSearch => ({
    p: idParam(search.p, isPlaylistId),
  }),
  loaderDeps: ({ search }) => ({ playlistId: search.p }),
  loader: ({ context, deps }) => loadPlaylist(context, deps.playlistId),
  head: ({ match: { context, search }, loaderData }): RouteHead => {
    if (!search.p || !loaderData)
      return routeHead(context.brand, { page: 'Playlist', path: paths.playlists });
    const { playlist } = loaderData;
    return routeHead(context.brand, {
      page: playlist.category_name,
      path: paths.playlist(search.p),
      description:
        playlist.description ||
        `${loaderData.songs.length} songs in the ${playlist.category_name} playlist.`,
    });
  },
  component: PlaylistRoute,
});

function PlaylistRoute() {
  const { p } = Route.useSearch();
  // The loader has thrown not-found for a missing id, so the page only renders with one.
  return p ? <PlaylistPage playlistId={p} /> : null;
}
