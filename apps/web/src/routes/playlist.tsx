import { isPlaylistId } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { PlaylistPage } from '../features/playlist/PlaylistPage.tsx';
import { loadPlaylist } from '../features/playlist/playlistQuery.ts';
import { idParam, type SearchInput } from '../lib/search-params.ts';

type PlaylistSearch = { p?: string };

export const Route = createFileRoute('/playlist')({
  // A missing or malformed id names no playlist: the loader turns it into the 404 view.
  validateSearch: (search: SearchInput<PlaylistSearch>): PlaylistSearch => ({
    p: idParam(search.p, isPlaylistId),
  }),
  loaderDeps: ({ search }) => ({ playlistId: search.p }),
  loader: ({ context, deps }) => loadPlaylist(context, deps.playlistId),
  component: PlaylistRoute,
});

function PlaylistRoute() {
  const { p } = Route.useSearch();
  // The loader has thrown not-found for a missing id, so the page only renders with one.
  return p ? <PlaylistPage playlistId={p} /> : null;
}
