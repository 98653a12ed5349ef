import { ClockEstimate, type RadioNowPlaying } from '@fansite/contract';
import { UNPLAYABLE_ERROR_CODES, type AdapterEvent, type PlayerAdapter } from '../adapter.ts';
import { createStore } from '../store.ts';

/** docs/product.md, states: once playing, the radio asks the server again every 5 s. */
export const RADIO_REFRESH_MS = 5_000;
/** A player more than this far from the station's position is moved back in line. */
export const RADIO_DRIFT_TOLERANCE_SECONDS = 1;
/** docs/product.md, constants: the volume slider goes from 0 to 100 and starts at 50. */
export const RADIO_DEFAULT_VOLUME = 50;
export const RADIO_UNPLAYABLE_NOTICE =
  "This song can't be played here. The radio goes on with the next one.";
export const RADIO_UNREACHABLE_NOTICE = 'The radio cannot be reached right now. Retrying...';

/** The id of the JSON block in which a server-rendered page carries the station's answer. */
export const RADIO_STATE_ID = 'radio-state';

/** `get` reads the station; `setnewsong` is sent when a song ends and moves it on if it is over. */
export type RadioCall = 'get' | 'setnewsong';

/** `unavailable`: the video backend could not be loaded (YouTube unreachable). */
export type RadioStatus = 'loading' | 'playing' | 'unplayable' | 'offline' | 'unavailable';

export interface RadioState {
  status: RadioStatus;
  song: RadioNowPlaying | null;
  /** The radio starts muted; unmuting starts playback with sound. */
  muted: boolean;
  /** 0 to 100. */
  volume: number;
  /**
   * The server's clock minus this device's, in milliseconds: from the answer with the shortest
   * round trip so far (`ClockEstimate`), so one slow answer does not move where songs start.
   */
  clockOffsetMs: number;
  notice: string | null;
}

export interface RadioDependencies {
  /**
   * Asks the station. A `setnewsong` names the song that ended here (`endedSong`, its video id):
   * the station answers the end of its song without counting it against a limit, even when
   * another listener's call has already moved it on.
   */
  fetchNowPlaying(call: RadioCall, endedSong?: string): Promise<RadioNowPlaying>;
  /** This device's clock; tests give a fake one. */
  now?: () => number;
  refreshMs?: number;
  /**
   * The song a server-rendered page already shows. It is shown from the start, but played only
   * once the first call has measured this device's clock against the server's.
   */
  song?: RadioNowPlaying | null;
}

/** Where every listener of the station is in the song at the device time `now`, in seconds. */
export function stationPositionSeconds(startTime: string, clockOffsetMs: number, now: number) {
  return Math.max(0, (now + clockOffsetMs - Date.parse(startTime)) / 1000);
}

/**
 * Whether a failed call was answered by the station (an envelope with a code other than 200, as
 * the api-client's errors carry it) rather than lost on the way.
 */
const stationAnswered = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'number';

const sameSong = (a: RadioNowPlaying | null, b: RadioNowPlaying) =>
  a !== null && a.youtube_url === b.youtube_url && a.start_time === b.start_time;

/**
 * The headless radio: it follows the station the server keeps, so that every listener hears the
 * same moment. It seeks to the time elapsed since the song started on the server's clock (not the
 * listener's), re-aligns when the player drifts, asks for the next song when one ends, and lets a
 * song that cannot play here pass in silence while the station goes on.
 */
export function createRadio(dependencies: RadioDependencies) {
  const { fetchNowPlaying, now = Date.now, refreshMs = RADIO_REFRESH_MS } = dependencies;
  const store = createStore<RadioState>({
    status: 'loading',
    song: dependencies.song ?? null,
    muted: true,
    volume: RADIO_DEFAULT_VOLUME,
    clockOffsetMs: 0,
    notice: null,
  });
  const { update } = store;
  const current = store.getState;
  let adapter: PlayerAdapter | null = null;
  let refreshTimer: ReturnType<typeof setInterval> | undefined;
  let endOfSkippedSong: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let pollWaiting = false;
  const serverClock = new ClockEstimate();

  const position = () => {
    const { song, clockOffsetMs } = current();
    return song ? stationPositionSeconds(song.start_time, clockOffsetMs, now()) : 0;
  };

  function playCurrentSong() {
    clearTimeout(endOfSkippedSong);
    const { song, muted, volume, status } = current();
    // Until the first answer, the clock offset is unknown: the song would start at the wrong place.
    if (!adapter || !song || status === 'loading') return;
    if (muted) adapter.mute();
    adapter.setVolume(volume / 100);
    adapter.load(song.youtube_url, { startSeconds: position() });
  }

  function realign() {
    if (!adapter || current().status !== 'playing') return;
    const expected = position();
    if (Math.abs(adapter.getCurrentTime() - expected) > RADIO_DRIFT_TOLERANCE_SECONDS) {
      adapter.seekTo(expected);
    }
  }

  async function sync(call: RadioCall, endedSong?: string) {
    const sentAt = now();
    try {
      const song = await fetchNowPlaying(call, endedSong);
      serverClock.add(Date.parse(song.server_time), sentAt, now(), Date.parse(song.received_time));
      const clockOffsetMs = serverClock.offsetMs;
      const { status } = current();
      const changed = !sameSong(current().song, song);
      const firstAnswer = status === 'loading';
      update({
        song,
        clockOffsetMs,
        ...(changed || firstAnswer || status === 'offline'
          ? { status: 'playing', notice: null }
          : {}),
      });
      if (changed || firstAnswer) playCurrentSong();
      else realign();
    } catch (error) {
      // Offline means the station cannot be reached: a listener who has something to play
      // keeps playing through a refused call (a limit, a busy server: it answered) and through
      // a failed end-of-song call, which the poll right after it makes up for.
      const playing = current().status !== 'loading' && current().song !== null;
      if (playing && (call === 'setnewsong' || stationAnswered(error))) return;
      update({ status: 'offline', notice: RADIO_UNREACHABLE_NOTICE });
    }
  }

  /** One call at a time, in order: a poll and an end-of-song call never race each other. */
  function enqueue(call: RadioCall, endedSong?: string) {
    queue = queue.then(() => sync(call, endedSong));
    return queue;
  }

  /** A poll is skipped while the previous one still waits, so a slow server is not piled on. */
  function poll() {
    if (pollWaiting) return queue;
    pollWaiting = true;
    return enqueue('get').finally(() => {
      pollWaiting = false;
    });
  }

  /** Waits, silent, until the song that cannot play here is over for everyone, then goes on. */
  function skipForThisListener() {
    update({ status: 'unplayable', notice: RADIO_UNPLAYABLE_NOTICE });
    const song = current().song;
    if (!song) return;
    const remainingMs = (song.duration - position()) * 1000;
    clearTimeout(endOfSkippedSong);
    endOfSkippedSong = setTimeout(() => void songEnded(), Math.max(0, remainingMs));
  }

  async function songEnded() {
    await enqueue('setnewsong', current().song?.youtube_url);
    await enqueue('get');
  }

  function onAdapterEvent(event: AdapterEvent) {
    if (event.type === 'unavailable') update({ status: 'unavailable' });
    if (event.type === 'state' && event.state === 'ended') void songEnded();
    if (
      event.type === 'error' &&
      (UNPLAYABLE_ERROR_CODES as readonly number[]).includes(event.code)
    ) {
      skipForThisListener();
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    /** Tunes in, and keeps following the station until `stop`. */
    start() {
      clearInterval(refreshTimer);
      refreshTimer = setInterval(() => void poll(), refreshMs);
      return poll();
    },
    stop() {
      clearInterval(refreshTimer);
      clearTimeout(endOfSkippedSong);
    },

    /** Plays through `next`; returns the function that lets go of it. */
    attach(next: PlayerAdapter) {
      adapter = next;
      const unsubscribe = next.subscribe(onAdapterEvent);
      playCurrentSong();
      return () => {
        unsubscribe();
        if (adapter === next) adapter = null;
      };
    },

    /** Loads the station's song again after the video backend could not be reached. */
    retryPlayer() {
      if (current().status !== 'unavailable') return;
      update({ status: 'playing' });
      playCurrentSong();
    },

    unmute() {
      update({ muted: false });
      adapter?.unMute();
      adapter?.play();
      realign();
    },
    mute() {
      update({ muted: true });
      adapter?.mute();
    },
    setVolume(volume: number) {
      const clamped = Math.round(Math.min(100, Math.max(0, volume)));
      update({ volume: clamped });
      adapter?.setVolume(clamped / 100);
    },
  };
}

export type Radio = ReturnType<typeof createRadio>;
