/**
 * What a video player backend (YouTube, or the fake used by tests) must do for the player core.
 * States and error codes follow the YouTube IFrame Player API, the backend the site plays on.
 */
export type PlaybackState = 'unstarted' | 'cued' | 'buffering' | 'playing' | 'paused' | 'ended';

/**
 * Error codes of the YouTube IFrame Player API: 2 invalid video id, 5 HTML5 player error,
 * 100 video removed or private, 101 and 150 embedding not allowed by the owner.
 */
export const UNPLAYABLE_ERROR_CODES = [2, 5, 100, 101, 150] as const;

export type AdapterEvent =
  | { type: 'ready' }
  | { type: 'state'; state: PlaybackState }
  | { type: 'error'; code: number }
  /** The backend itself could not be loaded (YouTube blocked or offline): nothing can play. */
  | { type: 'unavailable' };

export interface LoadOptions {
  /** Where to start, in seconds. */
  startSeconds?: number;
}

export interface PlayerAdapter {
  /** Loads a video and starts it; a backend that is not ready yet keeps it until it is. */
  load(videoId: string, options?: LoadOptions): void;
  play(): void;
  pause(): void;
  seekTo(seconds: number): void;
  mute(): void;
  unMute(): void;
  /** 0 to 1. */
  setVolume(volume: number): void;
  getCurrentTime(): number;
  getDuration(): number;
  /** Registers the one listener of the backend's events; returns its removal. */
  subscribe(listener: (event: AdapterEvent) => void): () => void;
  destroy(): void;
}
