import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import { errorMessage } from '@fansite/api-client';
import { CardGridSkeleton, Grid, LoadError, SongCard } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useCurrentVideoId, useQueueActions } from '../../lib/player/appPlayer.tsx';
import { PlayAllButtons } from '../../lib/player/PlayAllButtons.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { RecentlyPlayed } from './RecentlyPlayed.tsx';

// A long email is one unbroken word: it wraps anywhere rather than widening the page on phones.
const Welcome = styled.h1`
  overflow-wrap: anywhere;
`;

const Favorites = styled.section`
  max-height: 70vh;
  overflow-y: auto;
`;

/** docs/product.md, screens, account dashboard: a welcome and the favourites. */
export function AccountDashboard() {
  const { user } = useAuth();
  const { queries } = useAppContext();
  const favorites = useQuery(queries.favorite.all({}, user?.uid ?? null));
  const songs = favorites.data?.songs ?? [];
  const queueActions = useQueueActions();
  const playing = useCurrentVideoId();
  return (
    <>
      <Welcome>Welcome{user?.email ? `, ${user.email}` : ''}!</Welcome>
      <p>Here are the songs you keep in your favorites.</p>
      <Favorites aria-labelledby="favorites-heading">
        <h2 id="favorites-heading">Your favorites</h2>
        {favorites.isPending ? (
          <CardGridSkeleton label="Loading your favorites" count={4} />
        ) : favorites.isError ? (
          <LoadError
            message={errorMessage(favorites.error)}
            onRetry={() => void favorites.refetch()}
          />
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
                  duration={song.duration}
                  compactOnNarrow
                  current={song.youtube_url === playing}
                  queueActions={queueActions({
                    videoId: song.youtube_url,
                    playlistId: FAVORITE_PLAYLIST_ID,
                    title: song.title,
                    artist: song.author_name,
                  })}
                />
              ))}
            </Grid>
          </>
        )}
      </Favorites>
      <RecentlyPlayed />
    </>
  );
}
