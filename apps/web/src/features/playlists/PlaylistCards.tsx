import type { CallInput } from '@fansite/contract';
import { PlaylistGrid, VisuallyHidden } from '@fansite/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { carriedInPartKey, playlistCardsQuery } from './playlistCardsQuery.ts';

export interface PlaylistCardsProps {
  /** Which playlists, in which order; the route's loader has fetched the same. */
  input: CallInput<'playlistAll'>;
}

/** The playlists the API lists for `input`, as a grid of cards leading to each playlist. */
export function PlaylistCards({ input }: PlaylistCardsProps) {
  const context = useAppContext();
  const query = playlistCardsQuery(context, input);
  const { data: playlists } = useSuspenseQuery(query);
  // A page rendered on the server carried the first cards only (`loadPlaylistCards`): the whole
  // list is read once the app has the page.
  const carriedInPart = context.queryClient.getQueryData(carriedInPartKey(query)) === true;
  useEffect(() => {
    if (!carriedInPart) return;
    context.queryClient.removeQueries({ queryKey: carriedInPartKey(query), exact: true });
    void context.queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
  }, [carriedInPart, context.queryClient, query]);
  // The cards' titles are third-level headings: the grid gets the second level between them and
  // the page's title, for those who move by headings.
  return (
    <>
      <VisuallyHidden as="h2">Playlists</VisuallyHidden>
      <PlaylistGrid
        aria-label="Playlists"
        playlists={playlists}
        playlistHref={(playlist) => paths.playlist(playlist.id)}
      />
    </>
  );
}
