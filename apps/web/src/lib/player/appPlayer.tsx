import { errorMessage } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID, type Song } from '@fansite/contract';
import {
  createPlayer,
  createStore,
  readSavedSession,
  recordPlayed,
  saveSession,
  type Player,
  type PlayerSong,
  type QueuedSong,
  type ReadableStore,
  type SessionStorage,
  type SongRef,
} from '@fansite/player/core';
import {
  PlayerProvider,
  useMediaSession,
  usePlayerState,
  useStoreState,
} from '@fansite/player/react';
import { youtubeThumbnailUrl, type QueueActions } from '@fansite/ui-kit';
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
  /** A confirmation (a song queued), shown for a moment. */
  message: string | null;
  /** The listener folded the mini-player away: only the bar shows, the music goes on. */
  videoHidden: boolean;
  queueOpen: boolean;
  /** The list of keyboard shortcuts is shown (`?` on any page). */
  shortcutsOpen: boolean;
}

/** A song to queue: what it plays and how the queue names it. */
export type SongToQueue = Omit<QueuedSong, 'id'>;

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
  /**
   * Queues a song first (`next`) or last (`end`); with nothing playing it plays at once, as a
   * listener pressing it then expects.
   */
  queue(song: SongToQueue, where: 'next' | 'end'): void;
  toggleVideo(): void;
  setQueueOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
  /** Stops the music and takes the bar and the video away. */
  close(): void;
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
    const dock = createStore<DockState>({
      videoSlot: null,
      failure: null,
      message: null,
      videoHidden: false,
      queueOpen: false,
      shortcutsOpen: false,
    });
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
      clearFailure: () => dock.update({ failure: null, message: null }),
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
      queue(song, where) {
        if (!player.getState().song) {
          open({ videoId: song.videoId, playlistId: song.playlistId });
        } else if (where === 'next') {
          player.playNext(song);
          dock.update({ failure: null, message: `${song.title} plays next.` });
        } else {
          player.addToQueue(song);
          dock.update({ failure: null, message: `${song.title} is in the queue.` });
        }
      },
      toggleVideo: () => dock.update({ videoHidden: !dock.getState().videoHidden }),
      setQueueOpen: (queueOpen) => dock.update({ queueOpen }),
      setShortcutsOpen: (shortcutsOpen) => dock.update({ shortcutsOpen }),
      close() {
        dock.update({ queueOpen: false });
        player.stop();
      },
    };
  });

  useEffect(() => keepSessionOnDevice(appPlayer.player), [appPlayer]);

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

/** The browser's localStorage, or null where it cannot be used (blocked, private mode). */
export function deviceStorage(): SessionStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Brings back what played at the last visit (paused, where it was, with the queue), then keeps it
 * up to date, and notes each song that starts playing among the recently played.
 */
function keepSessionOnDevice(player: Player) {
  const storage = deviceStorage();
  if (!storage) return;
  const saved = readSavedSession(storage);
  if (saved) player.restore(saved);
  let lastRecorded: string | null = null;
  return player.subscribe(() => {
    const state = player.getState();
    saveSession(storage, state);
    const { song } = state;
    if (song && state.status === 'playing' && song.videoId !== lastRecorded) {
      lastRecorded = song.videoId;
      recordPlayed(storage, song, Date.now());
    }
  });
}

/** Play next and Add to queue for a song card or row. */
export function useQueueActions() {
  const appPlayer = useAppPlayer();
  return (song: SongToQueue): QueueActions => ({
    onPlayNext: () => appPlayer.queue(song, 'next'),
    onAddToQueue: () => appPlayer.queue(song, 'end'),
  });
}

/** The video id of the song the player has, for lists to mark it. */
export function useCurrentVideoId(): string | null {
  return usePlayerState((state) => state.song?.videoId ?? null);
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
