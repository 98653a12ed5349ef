import { errorMessage } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID, type Song } from '@fansite/contract';
import {
  createPlayer,
  createStore,
  type Player,
  type PlayerSong,
  type ReadableStore,
  type SongRef,
} from '@fansite/player/core';
import { PlayerProvider, useMediaSession, useStoreState } from '@fansite/player/react';
import { youtubeThumbnailUrl } from '@fansite/ui-kit';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppContext } from '../useAppContext.ts';
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

/** What the song page does while it is shown: the URL names the song and whether shuffle is on. */
export interface SongPageHandlers {
  openSong(song: SongRef): void;
  setShuffle(on: boolean): void;
}

interface DockState {
  /** Where the song page wants the video; null on every other page (the mini-player). */
  videoSlot: HTMLElement | null;
  /** A failed start (a song that could not be read), shown for a moment. */
  failure: string | null;
}

interface AppPlayer {
  player: Player;
  dock: ReadableStore<DockState>;
  setVideoSlot(slot: HTMLElement | null): void;
  clearFailure(): void;
  /** The song page takes over opening songs and shuffle while it is shown; returns the release. */
  attachSongPage(handlers: SongPageHandlers): () => void;
  /** Plays a song from any page: on the song page through its URL, elsewhere in place. */
  play(song: SongRef, options: { shuffle: boolean }): void;
  /** Plays a random song of a playlist (or of the favourites) with shuffle on. */
  shuffleAll(playlistId: string): void;
  toggleShuffle(): void;
}

const AppPlayerContext = createContext<AppPlayer | null>(null);

export function useAppPlayer(): AppPlayer {
  const appPlayer = useContext(AppPlayerContext);
  if (!appPlayer) throw new Error('useAppPlayer needs an AppPlayerProvider above it');
  return appPlayer;
}

export function useDockState<Selected>(selector: (state: DockState) => Selected): Selected {
  return useStoreState(useAppPlayer().dock, selector);
}

/**
 * One player for the app's life, so that the music goes on from page to page. On the song page the
 * URL names what plays (the page opens each song); elsewhere the next song is read and played in
 * place, and the player bar shows it.
 */
export function AppPlayerProvider({ children }: { children: ReactNode }) {
  const { apiClient, queryClient, queries } = useAppContext();
  const { user } = useAuth();
  const viewerRef = useRef<string | null>(null);

  const [appPlayer] = useState<AppPlayer>(() => {
    let songPage: SongPageHandlers | null = null;
    const dock = createStore<DockState>({ videoSlot: null, failure: null });
    const fail = (error: unknown) => dock.update({ failure: errorMessage(error) });

    async function playInPlace(ref: SongRef) {
      const song = await queryClient.fetchQuery(
        queries.song.get({ s: ref.videoId, p: ref.playlistId }, viewerRef.current),
      );
      player.setSong(toPlayerSong(song, ref.playlistId));
    }

    function open(ref: SongRef) {
      if (songPage) songPage.openSong(ref);
      else playInPlace(ref).catch(fail);
    }

    function setShuffle(on: boolean) {
      if (songPage) songPage.setShuffle(on);
      else player.setShuffle(on);
    }

    const player = createPlayer({
      openSong: open,
      randomSong: async (playlistId) => {
        const random = await apiClient.request('songRandom', { p: playlistId });
        return { videoId: random.youtube_url, playlistId };
      },
      randomFavorite: async () => {
        const random = await apiClient.request('favoriteRandom', {});
        return { videoId: random.youtube_id, playlistId: FAVORITE_PLAYLIST_ID };
      },
      reportUnplayable: (videoId, reason) => reportUnplayableOnce(apiClient, videoId, reason),
    });

    return {
      player,
      dock,
      setVideoSlot: (videoSlot) => dock.update({ videoSlot }),
      clearFailure: () => dock.update({ failure: null }),
      attachSongPage(handlers) {
        songPage = handlers;
        return () => {
          if (songPage === handlers) songPage = null;
        };
      },
      play(song, { shuffle }) {
        setShuffle(shuffle);
        open(song);
      },
      shuffleAll(playlistId) {
        setShuffle(true);
        const random =
          playlistId === FAVORITE_PLAYLIST_ID
            ? apiClient
                .request('favoriteRandom', {})
                .then((picked) => ({ videoId: picked.youtube_id, playlistId }))
            : apiClient
                .request('songRandom', { p: playlistId })
                .then((picked) => ({ videoId: picked.youtube_url, playlistId }));
        random.then(open, fail);
      },
      toggleShuffle: () => setShuffle(!player.getState().shuffle),
    };
  });

  const viewer = user?.uid ?? null;
  useEffect(() => {
    const previous = viewerRef.current;
    viewerRef.current = viewer;
    // Someone's favourites are theirs: when they sign out (or another person signs in) the
    // player lets go of them, title and all.
    const { song } = appPlayer.player.getState();
    if (previous !== null && previous !== viewer && song?.playlistId === FAVORITE_PLAYLIST_ID) {
      appPlayer.player.stop();
    }
  }, [viewer, appPlayer]);

  return (
    <AppPlayerContext.Provider value={appPlayer}>
      <PlayerProvider player={appPlayer.player}>
        <MediaSession />
        {children}
      </PlayerProvider>
    </AppPlayerContext.Provider>
  );
}

function MediaSession() {
  useMediaSession();
  return null;
}

/**
 * Lets the song page open songs and set shuffle through its URL while it is shown. The latest
 * handlers are used, so they may be new functions on every render.
 */
export function useSongPageHandlers(handlers: SongPageHandlers) {
  const { attachSongPage } = useAppPlayer();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      attachSongPage({
        openSong: (song) => latest.current.openSong(song),
        setShuffle: (on) => latest.current.setShuffle(on),
      }),
    [attachSongPage],
  );
}
