import { readRecentlyPlayed, type RecentlyPlayedSong } from '@fansite/player/core';
import { Grid, SongCard } from '@fansite/ui-kit';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { deviceStorage, useCurrentVideoId, useQueueActions } from '../../lib/player/appPlayer.tsx';

const Section = styled.section`
  max-height: 70vh;
  overflow-y: auto;
`;

/** The songs played last on this device (kept on the device, not on the server). */
export function RecentlyPlayed() {
  // Read after the first render: the server has no device to read from.
  const [songs, setSongs] = useState<RecentlyPlayedSong[] | null>(null);
  const playing = useCurrentVideoId();
  const queueActions = useQueueActions();
  useEffect(() => {
    const storage = deviceStorage();
    setSongs(storage ? readRecentlyPlayed(storage) : []);
  }, [playing]);

  return (
    <Section aria-labelledby="recently-played-heading">
      <h2 id="recently-played-heading">Recently played</h2>
      {songs === null ? null : songs.length === 0 ? (
        <p>Songs you play on this device show here.</p>
      ) : (
        <Grid aria-label="Recently played songs">
          {songs.map((song) => (
            <SongCard
              key={song.videoId}
              title={song.title}
              artist={song.artist}
              youtubeId={song.videoId}
              href={paths.song(song.videoId, song.playlistId)}
              compactOnNarrow
              current={song.videoId === playing}
              queueActions={queueActions({
                videoId: song.videoId,
                playlistId: song.playlistId,
                title: song.title,
                artist: song.artist,
              })}
            />
          ))}
        </Grid>
      )}
    </Section>
  );
}
