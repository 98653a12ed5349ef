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
  const player = usePlayer();
  return useSyncExternalStore(
    player.subscribe,
    () => selector(player.getState()),
    () => selector(player.getState()),
  );
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
  const player = usePlayer();
  const hostRef = useRef<HTMLDivElement>(null);
  // The factory is read when the surface mounts; a new one later must not rebuild the player.
  const createAdapterRef = useRef(createAdapter);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const adapter = createAdapterRef.current(host);
    const detach = player.attach(adapter);
    return () => {
      detach();
      adapter.destroy();
      host.replaceChildren();
    };
  }, [player]);

  return <div ref={hostRef} className={className} />;
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
    mediaSession.setActionHandler('nexttrack', () => player.next());
    mediaSession.setActionHandler('previoustrack', () => player.previous());
    return () => {
      mediaSession.setActionHandler('nexttrack', null);
      mediaSession.setActionHandler('previoustrack', null);
    };
  }, [player]);
}
