import type { AdapterEvent, LoadOptions, PlaybackState, PlayerAdapter } from './adapter.ts';

/** The parts of the YouTube IFrame Player API this adapter uses. */
interface YouTubePlayer {
  loadVideoById(options: { videoId: string; startSeconds?: number }): void;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  mute(): void;
  unMute(): void;
  /** 0 to 100. */
  setVolume(volume: number): void;
  getCurrentTime(): number;
  getDuration(): number;
  destroy(): void;
}

interface YouTubePlayerOptions {
  width: string;
  height: string;
  videoId: string;
  playerVars: Record<string, string | number>;
  events: {
    onReady: (event: { target: YouTubePlayer }) => void;
    onStateChange: (event: { data: number }) => void;
    onError: (event: { data: number }) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

type YouTubeWindow = Window & {
  YT?: YouTubeNamespace;
  onYouTubeIframeAPIReady?: () => void;
};

export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/** YT.PlayerState values. */
const STATES: Record<number, PlaybackState> = {
  [-1]: 'unstarted',
  0: 'ended',
  1: 'playing',
  2: 'paused',
  3: 'buffering',
  5: 'cued',
};

let iframeApi: Promise<YouTubeNamespace> | null = null;

/** Loads YouTube's player script once per page, when a player is first needed. */
export function loadYouTubeIframeApi(): Promise<YouTubeNamespace> {
  iframeApi ??= new Promise((resolve, reject) => {
    const page = window as YouTubeWindow;
    if (page.YT?.Player) {
      resolve(page.YT);
      return;
    }
    const previousCallback = page.onYouTubeIframeAPIReady;
    page.onYouTubeIframeAPIReady = () => {
      previousCallback?.();
      if (page.YT) resolve(page.YT);
    };
    const script = document.createElement('script');
    script.src = YOUTUBE_IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      // Let a later player try again (the network may come back).
      iframeApi = null;
      script.remove();
      reject(new Error('The YouTube player could not be loaded'));
    };
    document.head.append(script);
  });
  return iframeApi;
}

/**
 * Plays through the YouTube IFrame Player API inside `host`. The YouTube player is created on the
 * first `load` and then reused for every later video: browsers let a player that is already
 * playing go on to the next video with sound, where a new player would be held back.
 */
export function createYouTubeAdapter(host: HTMLElement): PlayerAdapter {
  let player: YouTubePlayer | null = null;
  let creating = false;
  let destroyed = false;
  let queuedVideo: { videoId: string; startSeconds?: number } | null = null;
  let muted = false;
  let volume: number | null = null;
  let listener: ((event: AdapterEvent) => void) | null = null;
  const emit = (event: AdapterEvent) => listener?.(event);

  function create(videoId: string, startSeconds: number | undefined) {
    creating = true;
    loadYouTubeIframeApi().then(
      (YT) => {
        if (destroyed) return;
        // YouTube replaces the element it is given with its iframe: give it one of its own.
        const mount = document.createElement('div');
        host.append(mount);
        new YT.Player(mount, {
          width: '100%',
          height: '100%',
          videoId,
          playerVars: {
            autoplay: 1,
            playsinline: 1,
            rel: 0,
            start: Math.floor(startSeconds ?? 0),
            origin: window.location.origin,
          },
          events: {
            onReady: ({ target }) => {
              if (destroyed) return;
              player = target;
              if (muted) target.mute();
              if (volume !== null) target.setVolume(volume * 100);
              if (queuedVideo) target.loadVideoById(queuedVideo);
              else target.playVideo();
              queuedVideo = null;
              emit({ type: 'ready' });
            },
            onStateChange: ({ data }) => {
              const state = STATES[data];
              if (state) emit({ type: 'state', state });
            },
            onError: ({ data }) => emit({ type: 'error', code: data }),
          },
        });
      },
      // Without the script nothing plays: the page says so, and a later `load` tries again.
      () => {
        creating = false;
        if (!destroyed) emit({ type: 'unavailable' });
      },
    );
  }

  return {
    load(videoId: string, { startSeconds }: LoadOptions = {}) {
      if (player) player.loadVideoById({ videoId, startSeconds });
      else if (creating) queuedVideo = { videoId, startSeconds };
      else create(videoId, startSeconds);
    },
    play: () => player?.playVideo(),
    pause: () => player?.pauseVideo(),
    seekTo: (seconds) => player?.seekTo(seconds, true),
    mute() {
      muted = true;
      player?.mute();
    },
    unMute() {
      muted = false;
      player?.unMute();
    },
    setVolume(next) {
      volume = next;
      player?.setVolume(next * 100);
    },
    getCurrentTime: () => player?.getCurrentTime() ?? 0,
    getDuration: () => player?.getDuration() ?? 0,
    subscribe(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    destroy() {
      destroyed = true;
      listener = null;
      player?.destroy();
      player = null;
    },
  };
}
