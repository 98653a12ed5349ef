import type { CallInput } from '@fansite/contract';
import { PlaylistGrid } from '@fansite/ui-kit';
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
  return (
    <PlaylistGrid
      aria-label="Playlists"
      playlists={playlists}
      playlistHref={(playlist) => paths.playlist(playlist.id)}
    />
  );
}
