import { playlistIdSchema } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaylistPage } from '../features/playlist/PlaylistPage.tsx';
import { loadPlaylist } from '../features/playlist/playlistQuery.ts';

export const Route = createFileRoute('/playlist')({
  // A missing or malformed id names no playlist: the loader turns it into the 404 view.
  validateSearch: z.object({ p: playlistIdSchema.optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ playlistId: search.p }),
  loader: ({ context, deps }) => loadPlaylist(context, deps.playlistId),
  component: PlaylistRoute,
});

function PlaylistRoute() {
  const { p } = Route.useSearch();
  // The loader has thrown not-found for a missing id, so the page only renders with one.
  return p ? <PlaylistPage playlistId={p} /> : null;
}
