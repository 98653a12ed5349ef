import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import type { AdapterEvent, PlaybackState, PlayerAdapter } from './adapter.ts';
import { createStore } from './store.ts';

/** A song as the player knows it: what it plays, and where the playlist goes from it. */
export interface PlayerSong {
  videoId: string;
  playlistId: string;
  title: string;
  artist: string;
  /** The next song in the playlist; null at its end, where the playlist wraps to `firstVideoId`. */
  nextVideoId: string | null;
  previousVideoId: string | null;
  firstVideoId: string;
  artworkUrl?: string;
}

/** Which song to open, and in which playlist. */
export interface SongRef {
  videoId: string;
  playlistId: string;
}

/** A song the listener asked for after the current one: what it plays, and how to name it. */
export interface QueuedSong {
  /** Tells two entries of the same song apart (a song may be queued twice). */
  id: string;
  videoId: string;
  playlistId: string;
  title: string;
  artist: string;
}

/**
 * `unavailable`: the video backend could not be loaded (YouTube unreachable); `retry` tries again.
 * `cued`: a song brought back from an earlier visit, shown paused; nothing loads until Play.
 */
export type PlayerStatus =
  'idle' | 'cued' | 'loading' | 'playing' | 'paused' | 'ended' | 'unplayable' | 'unavailable';

export interface PlayerState {
  song: PlayerSong | null;
  status: PlayerStatus;
  shuffle: boolean;
  repeat: boolean;
  muted: boolean;
  /** Sound level, 0 to 1. */
  volume: number;
  /** Seconds into the song, updated while it plays. */
  currentTime: number;
  duration: number;
  /** A short message for the listener (a video skipped because it cannot play), or null. */
  notice: string | null;
  /** The listener's own queue: played before the playlist goes on, in this order. */
  queue: readonly QueuedSong[];
}

/** What `restore` brings back: the song of an earlier visit, where it was, and the queue. */
export interface RestoredSession {
  song: PlayerSong;
  /** Seconds into the song. */
  position: number;
  queue: readonly Omit<QueuedSong, 'id'>[];
  shuffle: boolean;
  repeat: boolean;
}

export interface PlayerDependencies {
  /** A random song of a playlist, for shuffle. */
  randomSong(playlistId: string): Promise<SongRef>;
  /** A random song of the signed-in user's favourites, for shuffle in the favorite playlist. */
  randomFavorite(): Promise<SongRef>;
  /**
   * Opens another song. The app makes it its current page (the URL names the song) and hands the
   * loaded song back with `setSong`.
   */
  openSong(song: SongRef): void;
  /** Told about each video the player skips because it cannot play. */
  reportUnplayable?(videoId: string, reason: string): void;
  /** How long a play request may go without playback before the video counts as unplayable. */
  playbackTimeoutMs?: number;
  /** How often the current time is read while playing (docs/product.md, constants: 1000 ms). */
  progressIntervalMs?: number;
  /** How long a notice stays. */
  noticeMs?: number;
  /** A number in [0, 1) for shuffling the queue; Math.random unless a test needs its own. */
  random?: () => number;
}

export const UNPLAYABLE_NOTICE = "This video can't be played. Skipping to the next song.";

/**
 * The video player itself never started (its script blocked or offline): no video is at fault, so
 * none is skipped or reported.
 */
export const PLAYER_UNAVAILABLE_NOTICE = "The video player couldn't start. Check your connection.";

/**
 * A run of unplayable songs this long stops the automatic skipping: a playlist (or a network)
 * where nothing plays must not spin through every song.
 */
export const MAX_CONSECUTIVE_SKIPS = 5;

const INITIAL_STATE: PlayerState = {
  song: null,
  status: 'idle',
  shuffle: false,
  repeat: false,
  muted: false,
  volume: 1,
  currentTime: 0,
  duration: 0,
  notice: null,
  queue: [],
};

const STATUS_OF: Partial<Record<PlaybackState, PlayerStatus>> = {
  playing: 'playing',
  paused: 'paused',
  ended: 'ended',
};

/**
 * The headless player: the current song and its playlist context, next and previous, shuffle and
 * repeat, and what happens when a song ends or cannot play. It drives any `PlayerAdapter` and knows
 * nothing of routers or React.
 */
export function createPlayer(dependencies: PlayerDependencies) {
  const {
    playbackTimeoutMs = 8000,
    progressIntervalMs = 1000,
    noticeMs = 4000,
    random = Math.random,
  } = dependencies;
  const store = createStore(INITIAL_STATE);
  const { update } = store;
  const current = store.getState;
  let adapter: PlayerAdapter | null = null;
  let adapterReady = false;
  let adapterState: PlaybackState | null = null;
  let pendingStartSeconds: number | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let retriedMuted = false;
  let progressTimer: ReturnType<typeof setInterval> | undefined;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  let consecutiveSkips = 0;
  let queueEntries = 0;
  /** The playlist's song the queue interrupted: the playlist goes on from it once the queue is done. */
  let resumeAfter: PlayerSong | null = null;

  const queueEntry = (song: Omit<QueuedSong, 'id'>): QueuedSong => {
    queueEntries += 1;
    return { ...song, id: `queued-${queueEntries}` };
  };

  function showNotice(notice: string) {
    clearTimeout(noticeTimer);
    update({ notice });
    noticeTimer = setTimeout(() => update({ notice: null }), noticeMs);
  }

  function disarmWatchdog() {
    clearTimeout(watchdog);
    watchdog = undefined;
  }

  /** A play request that brings no playback in time means the video cannot play here. */
  function armWatchdog() {
    disarmWatchdog();
    watchdog = setTimeout(() => {
      watchdog = undefined;
      if (!adapterReady) {
        showNotice(PLAYER_UNAVAILABLE_NOTICE);
        update({ status: 'unavailable' });
        return;
      }
      // A loaded video that never started is most likely held back by the browser's autoplay
      // policy, which always lets muted videos play: try once more without sound.
      const heldBack = adapterState === 'unstarted' || adapterState === 'cued';
      if (heldBack && !retriedMuted && adapter) {
        retriedMuted = true;
        adapter.mute();
        update({ muted: true });
        adapter.play();
        armWatchdog();
        return;
      }
      markUnplayable('no playback after a play request');
    }, playbackTimeoutMs);
  }

  function startProgress() {
    stopProgress();
    const readTime = () => {
      if (!adapter) return;
      update({ currentTime: adapter.getCurrentTime(), duration: adapter.getDuration() });
    };
    readTime();
    progressTimer = setInterval(readTime, progressIntervalMs);
  }

  function stopProgress() {
    clearInterval(progressTimer);
    progressTimer = undefined;
  }

  function loadCurrentSong() {
    const { song } = current();
    if (!adapter || !song) return;
    adapterState = null;
    retriedMuted = false;
    adapter.load(song.videoId, { startSeconds: pendingStartSeconds });
    pendingStartSeconds = undefined;
    armWatchdog();
  }

  function openRandom(song: PlayerSong) {
    const random =
      song.playlistId === FAVORITE_PLAYLIST_ID
        ? dependencies.randomFavorite()
        : dependencies.randomSong(song.playlistId);
    random.then(
      (picked) => {
        // The current song again: opening it would change nothing, so play it again.
        const isCurrent = picked.videoId === song.videoId && picked.playlistId === song.playlistId;
        if (isCurrent) replay();
        else dependencies.openSong(picked);
      },
      () => openNextInPlaylist(song),
    );
  }

  function openNextInPlaylist(song: PlayerSong) {
    dependencies.openSong({
      videoId: song.nextVideoId ?? song.firstVideoId,
      playlistId: song.playlistId,
    });
  }

  /**
   * The listener's queue goes first: its first song, or with shuffle on any of them. The playlist
   * goes on once the queue is empty.
   */
  function takeFromQueue(): QueuedSong | null {
    const { queue, shuffle } = current();
    if (queue.length === 0) return null;
    const index = shuffle ? Math.floor(random() * queue.length) : 0;
    const taken = queue[index]!;
    update({ queue: queue.filter((_, position) => position !== index) });
    return taken;
  }

  function next() {
    const { song, shuffle } = current();
    if (!song) return;
    const queued = takeFromQueue();
    if (queued) {
      resumeAfter ??= song;
      dependencies.openSong({ videoId: queued.videoId, playlistId: queued.playlistId });
      return;
    }
    const from = resumeAfter ?? song;
    resumeAfter = null;
    if (shuffle) openRandom(from);
    else openNextInPlaylist(from);
  }

  function previous() {
    const { song } = current();
    if (!song?.previousVideoId) return;
    dependencies.openSong({ videoId: song.previousVideoId, playlistId: song.playlistId });
  }

  function replay() {
    if (!adapter) return;
    adapter.seekTo(0);
    adapter.play();
    armWatchdog();
  }

  function markUnplayable(reason: string) {
    const { song } = current();
    disarmWatchdog();
    stopProgress();
    if (!song) return;
    update({ status: 'unplayable' });
    dependencies.reportUnplayable?.(song.videoId, reason);
    consecutiveSkips += 1;
    if (consecutiveSkips > MAX_CONSECUTIVE_SKIPS) return;
    showNotice(UNPLAYABLE_NOTICE);
    const target = song.nextVideoId ?? song.firstVideoId;
    // A playlist of this one song has nowhere else to go.
    if (!current().shuffle && current().queue.length === 0 && target === song.videoId) return;
    next();
  }

  function handleAdapterEvent(event: AdapterEvent) {
    if (event.type === 'ready') {
      adapterReady = true;
      return;
    }
    if (event.type === 'error') {
      markUnplayable(`video error ${event.code}`);
      return;
    }
    if (event.type === 'unavailable') {
      // Not the song's fault: no skipping, the page offers to try again.
      disarmWatchdog();
      stopProgress();
      update({ status: 'unavailable' });
      return;
    }
    adapterState = event.state;
    // After a stop the backend's last word (paused) is about a song the player has let go of.
    if (!current().song) return;
    if (event.state === 'playing') {
      disarmWatchdog();
      consecutiveSkips = 0;
      startProgress();
    } else if (event.state === 'paused' || event.state === 'ended') {
      // A video that reports pausing or ending is playable, whatever held it back.
      disarmWatchdog();
      stopProgress();
    }
    const status = STATUS_OF[event.state];
    if (status) update({ status });
    if (event.state === 'ended') handleEnded();
  }

  /** docs/product.md, states: repeat replays; else shuffle plays a random song; else the next one. */
  function handleEnded() {
    if (current().repeat) replay();
    else next();
  }

  /** Moves within the current song; the time shows at once, before the next progress read. */
  function seekTo(seconds: number) {
    if (!adapter || !current().song) return;
    const { duration } = current();
    const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
    adapter.seekTo(target);
    update({ currentTime: target });
  }

  let unsubscribeAdapter: (() => void) | null = null;

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    /** Plays through this backend from now on; a song already set starts in it. */
    attach(nextAdapter: PlayerAdapter) {
      unsubscribeAdapter?.();
      adapter = nextAdapter;
      adapterReady = false;
      unsubscribeAdapter = nextAdapter.subscribe(handleAdapterEvent);
      if (current().muted) nextAdapter.mute();
      if (current().volume !== 1) nextAdapter.setVolume(current().volume);
      // A song brought back from an earlier visit waits for Play.
      if (current().status !== 'cued') loadCurrentSong();
      return () => {
        if (adapter !== nextAdapter) return;
        unsubscribeAdapter?.();
        unsubscribeAdapter = null;
        adapter = null;
        disarmWatchdog();
        stopProgress();
      };
    },

    /** Makes `song` the current song and plays it; the same song again only refreshes its details. */
    setSong(song: PlayerSong, options: { startSeconds?: number } = {}) {
      const playing = current().song;
      if (playing?.videoId === song.videoId && playing.playlistId === song.playlistId) {
        update({ song });
        return;
      }
      pendingStartSeconds = options.startSeconds;
      update({ song, status: 'loading', currentTime: 0, duration: 0 });
      loadCurrentSong();
    },

    /**
     * Shows the song of an earlier visit, paused where it was, with its queue: nothing loads until
     * Play, so a page opened again makes no sound and loads no video by itself.
     */
    restore(session: RestoredSession) {
      if (current().song) return;
      pendingStartSeconds = session.position > 0 ? session.position : undefined;
      update({
        song: session.song,
        status: 'cued',
        currentTime: session.position,
        duration: 0,
        queue: session.queue.map(queueEntry),
        shuffle: session.shuffle,
        repeat: session.repeat,
      });
    },

    next,
    previous,

    /** Puts a song first in the queue: it plays when the current one ends. */
    playNext(song: Omit<QueuedSong, 'id'>) {
      update({ queue: [queueEntry(song), ...current().queue] });
    },
    /** Puts a song last in the queue. */
    addToQueue(song: Omit<QueuedSong, 'id'>) {
      update({ queue: [...current().queue, queueEntry(song)] });
    },
    removeFromQueue(id: string) {
      update({ queue: current().queue.filter((entry) => entry.id !== id) });
    },
    /** Moves a queued song to `toIndex` (clamped to the queue), the others closing up. */
    moveInQueue(id: string, toIndex: number) {
      const { queue } = current();
      const entry = queue.find((queued) => queued.id === id);
      if (!entry) return;
      const rest = queue.filter((queued) => queued !== entry);
      const target = Math.min(Math.max(0, toIndex), rest.length);
      update({ queue: [...rest.slice(0, target), entry, ...rest.slice(target)] });
    },
    clearQueue() {
      if (current().queue.length > 0) update({ queue: [] });
    },
    /** Where the playlist goes on once the queue is done: the song the queue interrupted. */
    resumesAfter: () => resumeAfter,

    /**
     * Stops and forgets the current song and the queue: the listener closed the player, or what
     * played was a signed-out visitor's no more.
     */
    stop() {
      disarmWatchdog();
      stopProgress();
      clearTimeout(noticeTimer);
      adapter?.pause();
      pendingStartSeconds = undefined;
      consecutiveSkips = 0;
      resumeAfter = null;
      update({ song: null, status: 'idle', currentTime: 0, duration: 0, notice: null, queue: [] });
    },

    /** Loads the current song again after the video backend could not be reached. */
    retry() {
      if (current().status !== 'unavailable') return;
      update({ status: 'loading' });
      loadCurrentSong();
    },

    togglePlay() {
      if (current().status === 'cued') {
        // The first Play of a song brought back: loads it where it was (once a backend exists).
        update({ status: 'loading' });
        loadCurrentSong();
        return;
      }
      if (!adapter) return;
      if (current().status === 'playing') {
        adapter.pause();
      } else if (current().status === 'ended') {
        replay();
      } else {
        adapter.play();
        armWatchdog();
      }
    },

    toggleMute() {
      const muted = !current().muted;
      if (muted) adapter?.mute();
      else adapter?.unMute();
      update({ muted });
    },

    /** 0 to 1; a level above 0 also unmutes, as a volume slider does. */
    setVolume(volume: number) {
      const level = Math.min(1, Math.max(0, volume));
      adapter?.setVolume(level);
      if (level > 0 && current().muted) adapter?.unMute();
      update({ volume: level, muted: level > 0 ? false : current().muted });
    },

    seekTo,
    /** Moves back (negative) or forward by `seconds` from where the song is. */
    seekBy(seconds: number) {
      seekTo(current().currentTime + seconds);
    },

    setShuffle(shuffle: boolean) {
      if (shuffle !== current().shuffle) update({ shuffle });
    },
    toggleRepeat() {
      update({ repeat: !current().repeat });
    },
  };
}

export type Player = ReturnType<typeof createPlayer>;
