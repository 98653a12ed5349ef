import type { AdapterEvent, LoadOptions, PlaybackState, PlayerAdapter } from './adapter.ts';

export interface FakeAdapterOptions {
  /** Video ids that fail as soon as they load, with their error code (100: removed). */
  unavailable?: Record<string, number>;
  /** Length of every video, in seconds. */
  durationSeconds?: number;
  /** False makes loaded videos wait for `play()`, like a browser that blocks autoplay. */
  autoplay?: boolean;
}

/**
 * A player backend for tests that behaves like the YouTube IFrame Player: it becomes ready, loads
 * a video into buffering then playing, pauses, ends, fails with YouTube's error codes, and keeps
 * a current time that tests move by hand. Events arrive asynchronously, as YouTube's do.
 */
export function createFakeAdapter(options: FakeAdapterOptions = {}) {
  const { durationSeconds = 180, autoplay = true } = options;
  const unavailable = new Map(Object.entries(options.unavailable ?? {}));
  let listener: ((event: AdapterEvent) => void) | null = null;
  let state: PlaybackState = 'unstarted';
  let currentTime = 0;
  let muted = false;
  let volume = 1;
  const loaded: { videoId: string; startSeconds?: number }[] = [];

  const emit = (event: AdapterEvent) => queueMicrotask(() => listener?.(event));
  const setState = (next: PlaybackState) => {
    state = next;
    emit({ type: 'state', state: next });
  };

  const adapter: PlayerAdapter = {
    load(videoId: string, { startSeconds }: LoadOptions = {}) {
      loaded.push({ videoId, startSeconds });
      currentTime = startSeconds ?? 0;
      const errorCode = unavailable.get(videoId);
      if (errorCode !== undefined) {
        state = 'unstarted';
        emit({ type: 'error', code: errorCode });
        return;
      }
      if (!autoplay) {
        setState('unstarted');
        return;
      }
      setState('buffering');
      setState('playing');
    },
    play() {
      if (state !== 'playing') setState('playing');
    },
    pause() {
      if (state === 'playing') setState('paused');
    },
    seekTo(seconds: number) {
      currentTime = seconds;
    },
    mute() {
      muted = true;
    },
    unMute() {
      muted = false;
    },
    setVolume(next: number) {
      volume = next;
    },
    getCurrentTime: () => currentTime,
    getDuration: () => (loaded.length > 0 ? durationSeconds : 0),
    subscribe(next) {
      listener = next;
      emit({ type: 'ready' });
      return () => {
        if (listener === next) listener = null;
      };
    },
    destroy() {
      listener = null;
    },
  };

  return {
    adapter,
    /** Every load, in order. */
    loaded,
    get state() {
      return state;
    },
    get muted() {
      return muted;
    },
    get volume() {
      return volume;
    },
    /** Plays the current video to its end. */
    end() {
      currentTime = durationSeconds;
      setState('ended');
    },
    /** Fails the current video with a YouTube error code. */
    fail(code: number) {
      emit({ type: 'error', code });
    },
    /** Reports that the backend could not be loaded, as when YouTube cannot be reached. */
    unreachable() {
      emit({ type: 'unavailable' });
    },
    /** Moves the clock of the current video. */
    advanceTo(seconds: number) {
      currentTime = seconds;
    },
  };
}

export type FakeAdapter = ReturnType<typeof createFakeAdapter>;
