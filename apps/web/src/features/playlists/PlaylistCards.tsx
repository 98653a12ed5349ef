import type { CallInput } from '@fansite/contract';
import { PlaylistGrid, VisuallyHidden } from '@fansite/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { playlistCardsQuery } from './playlistCardsQuery.ts';

export interface PlaylistCardsProps {
  /** Which playlists, in which order; the route's loader has fetched the same. */
  input: CallInput<'playlistAll'>;
}

/** The playlists the API lists for `input`, as a grid of cards leading to each playlist. */
export function PlaylistCards({ input }: PlaylistCardsProps) {
  const context = useAppContext();
  const { data: playlists } = useSuspenseQuery(playlistCardsQuery(context, input));
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
