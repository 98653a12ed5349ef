import { Grid } from '../Grid/Grid.tsx';
import { PlaylistCard, type PlaylistCardPlaylist } from './PlaylistCard.tsx';

export interface PlaylistGridProps {
  playlists: readonly PlaylistCardPlaylist[];
  /** Where each playlist opens. */
  playlistHref: (playlist: PlaylistCardPlaylist) => string;
  'aria-label'?: string;
}

/** The grid of playlist cards shown on the home page and on the playlists page. */
export function PlaylistGrid({ playlists, playlistHref, ...props }: PlaylistGridProps) {
  return (
    <Grid minItemWidth="240px" {...props}>
      {playlists.map((playlist) => (
        <PlaylistCard key={playlist.id} playlist={playlist} href={playlistHref(playlist)} />
      ))}
    </Grid>
  );
}
