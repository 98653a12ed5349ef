import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PlayerAdapter } from './adapter.ts';
import type { Player, PlayerState } from './player.ts';
import type { Radio, RadioState } from './radio/radio.ts';
import type { ReadableStore } from './store.ts';

/**
 * One piece of a store's state; the component re-renders only when that piece changes, so select
 * a value (`state.shuffle`), not a new object.
 */
export function useStoreState<State, Selected>(
  store: ReadableStore<State>,
  selector: (state: State) => Selected,
): Selected {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

/** Anything that plays through a backend it is handed: the song player, the radio. */
export interface AdapterHost {
  /** Plays through `adapter` from now on; returns the function that lets go of it. */
  attach(adapter: PlayerAdapter): () => void;
}

/**
 * Builds a backend inside the returned element when it mounts, hands it to `host`, and lets go of
 * it and destroys it when the element goes. The backend is built once and reused for as long as
 * the element stays: rebuilding the YouTube player for each song would lose autoplay.
 */
export function useAdapterMount(
  host: AdapterHost,
  createAdapter: (element: HTMLElement) => PlayerAdapter,
) {
  const elementRef = useRef<HTMLDivElement>(null);
  // The factory is read when the element mounts; a new one later must not rebuild the backend.
  const createAdapterRef = useRef(createAdapter);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const adapter = createAdapterRef.current(element);
    const detach = host.attach(adapter);
    return () => {
      detach();
      adapter.destroy();
      element.replaceChildren();
    };
  }, [host]);

  return elementRef;
}

const PlayerContext = createContext<Player | null>(null);

export interface PlayerProviderProps {
  player: Player;
  children: ReactNode;
}

/** Makes a player available to the hooks below. */
export function PlayerProvider({ player, children }: PlayerProviderProps) {
  return <PlayerContext.Provider value={player}>{children}</PlayerContext.Provider>;
}

/** The player's commands (next, previous, toggles...). */
export function usePlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs a PlayerProvider above it');
  return player;
}

/**
 * One piece of the player's state; the component re-renders only when that piece changes, so
 * select a value (`state.shuffle`), not a new object.
 */
export function usePlayerState<Selected>(selector: (state: PlayerState) => Selected): Selected {
  return useStoreState(usePlayer(), selector);
}

/** One piece of the radio's state; the component re-renders only when that piece changes. */
export function useRadioState<Selected>(radio: Radio, selector: (state: RadioState) => Selected) {
  return useStoreState(radio, selector);
}

export interface PlayerSurfaceProps {
  /** Builds the backend inside the element it is given, e.g. `createYouTubeAdapter`. */
  createAdapter: (host: HTMLElement) => PlayerAdapter;
  className?: string;
}

/**
 * Where the video shows. The backend is created once, when the surface mounts, and reused for
 * every song the player plays while it stays mounted.
 */
export function PlayerSurface({ createAdapter, className }: PlayerSurfaceProps) {
  const elementRef = useAdapterMount(usePlayer(), createAdapter);
  return <div ref={elementRef} className={className} />;
}

/**
 * Shows the current song on the device's media controls (lock screen, headset keys) and lets
 * their next and previous buttons drive the player.
 */
export function useMediaSession() {
  const player = usePlayer();
  const song = usePlayerState((state) => state.song);

  useEffect(() => {
    if (!('mediaSession' in navigator) || !song) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: song.title,
      artist: song.artist,
      artwork: song.artworkUrl ? [{ src: song.artworkUrl }] : [],
    });
  }, [song]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const { mediaSession } = navigator;
    // The device's play and pause keys only act when they would change something.
    const playIfPaused = () => {
      if (player.getState().status !== 'playing') player.togglePlay();
    };
    const pauseIfPlaying = () => {
      if (player.getState().status === 'playing') player.togglePlay();
    };
    mediaSession.setActionHandler('nexttrack', () => player.next());
    mediaSession.setActionHandler('previoustrack', () => player.previous());
    mediaSession.setActionHandler('play', playIfPaused);
    mediaSession.setActionHandler('pause', pauseIfPlaying);
    return () => {
      for (const action of ['nexttrack', 'previoustrack', 'play', 'pause'] as const) {
        mediaSession.setActionHandler(action, null);
      }
    };
  }, [player]);
}
