import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import { Grid, SongCard, Spinner } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { PlayAllButtons } from '../../lib/player/PlayAllButtons.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

const Favorites = styled.section`
  max-height: 70vh;
  overflow-y: auto;
`;

/** docs/product.md, screens, account dashboard: a welcome and the favourites. */
export function AccountDashboard() {
  const { user } = useAuth();
  const { queries } = useAppContext();
  const favorites = useQuery(queries.favorite.all({}, user?.uid ?? null));
  // A list that fails to load is shown empty (docs/product.md, messages).
  const songs = favorites.data?.songs ?? [];
  return (
    <>
      <h1>Welcome{user?.email ? `, ${user.email}` : ''}!</h1>
      <p>Here are the songs you keep in your favorites.</p>
      <Favorites aria-labelledby="favorites-heading">
        <h2 id="favorites-heading">Your favorites</h2>
        {favorites.isPending ? (
          <Spinner label="Loading your favorites" />
        ) : songs.length === 0 ? (
          <p>There are no songs in your favorites.</p>
        ) : (
          <>
            <PlayAllButtons
              playlistId={FAVORITE_PLAYLIST_ID}
              firstVideoId={songs[0]!.youtube_url}
            />
            <Grid aria-label="Favorite songs">
              {songs.map((song) => (
                <SongCard
                  key={song.youtube_url}
                  title={song.title}
                  artist={song.author_name}
                  youtubeId={song.youtube_url}
                  href={paths.song(song.youtube_url, FAVORITE_PLAYLIST_ID)}
                />
              ))}
            </Grid>
          </>
        )}
      </Favorites>
    </>
  );
}
