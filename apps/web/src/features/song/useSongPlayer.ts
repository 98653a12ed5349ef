import { FAVORITE_PLAYLIST_ID, type Song } from '@fansite/contract';
import { createPlayer, type PlayerSong, type SongRef } from '@fansite/player/core';
import { youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useAppContext } from '../../lib/useAppContext.ts';
import { reportUnplayableOnce } from './unplayableReports.ts';

/** The song of song/get as the player needs it, in the playlist it is played in. */
export function toPlayerSong(song: Song, playlistId: string): PlayerSong {
  return {
    videoId: song.youtube_url,
    playlistId,
    title: song.title,
    artist: song.author_name,
    nextVideoId: song.next,
    previousVideoId: song.previous,
    firstVideoId: song.first_song,
    artworkUrl: youtubeThumbnailUrl(song.youtube_url),
  };
}

/**
 * The song page's player, made once and kept while the page stays open so that one video player
 * plays song after song. `openSong` makes another song the page's song (it changes the URL).
 */
export function useSongPlayer(openSong: (song: SongRef) => void) {
  const { apiClient } = useAppContext();
  const openSongRef = useRef(openSong);
  useEffect(() => {
    openSongRef.current = openSong;
    // A random song that arrives after the visitor left must not pull them back.
    return () => {
      openSongRef.current = () => {};
    };
  });

  const [player] = useState(() =>
    createPlayer({
      openSong: (song) => openSongRef.current(song),
      randomSong: async (playlistId) => {
        const random = await apiClient.request('songRandom', { p: playlistId });
        return { videoId: random.youtube_url, playlistId };
      },
      randomFavorite: async () => {
        const random = await apiClient.request('favoriteRandom', {});
        return { videoId: random.youtube_id, playlistId: FAVORITE_PLAYLIST_ID };
      },
      reportUnplayable: (videoId, reason) => reportUnplayableOnce(apiClient, videoId, reason),
    }),
  );
  return player;
}
