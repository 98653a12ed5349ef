import type { RadioNowPlaying } from '@fansite/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter } from '../fakeAdapter.ts';
import {
  RADIO_UNPLAYABLE_NOTICE,
  RADIO_UNREACHABLE_NOTICE,
  createRadio,
  stationPositionSeconds,
  type RadioCall,
} from './radio.ts';

/** The server's clock is 10 s ahead of the listener's device in every test. */
const SERVER_AHEAD_MS = 10_000;
const T0 = Date.parse('2026-01-01T12:00:00.000Z');

function song(youtubeUrl: string, startedMsBeforeT0: number, duration = 200): RadioNowPlaying {
  return {
    youtube_url: youtubeUrl,
    start_time: new Date(T0 + SERVER_AHEAD_MS - startedMsBeforeT0).toISOString(),
    title: youtubeUrl,
    author_name: 'Artist',
    category_name: 'Playlist',
    category_id: 'playlist',
    duration,
    server_time: '',
    received_time: '',
    listeners: 1,
    last_played: [],
  };
}

/**
 * A station whose answers the test scripts; it stamps each answer with the server's clock, as the
 * request reached it and as it answered.
 */
function fakeStation(initial: RadioNowPlaying) {
  let current = initial;
  let nextOnSetNewSong: RadioNowPlaying | null = null;
  let nextAnswerDelayMs = 0;
  let nextAnswerWorkMs = 0;
  const calls: RadioCall[] = [];
  return {
    calls,
    set(next: RadioNowPlaying) {
      current = next;
    },
    /** Moves on to `next` only when a listener reports the end of the song. */
    advanceOnSetNewSong(next: RadioNowPlaying) {
      nextOnSetNewSong = next;
    },
    /** The next answer is made at once and reaches the listener `ms` later. */
    delayNextAnswer(ms: number) {
      nextAnswerDelayMs = ms;
    },
    /** The server takes `ms` to make the next answer, which then reaches the listener at once. */
    takeLongOverNextAnswer(ms: number) {
      nextAnswerWorkMs = ms;
    },
    fetchNowPlaying: vi.fn(async (call: RadioCall) => {
      calls.push(call);
      if (call === 'setnewsong' && nextOnSetNewSong) current = nextOnSetNewSong;
      const receivedTime = new Date(Date.now() + SERVER_AHEAD_MS).toISOString();
      const workMs = nextAnswerWorkMs;
      nextAnswerWorkMs = 0;
      if (workMs) await new Promise((resolve) => setTimeout(resolve, workMs));
      const answer = {
        ...current,
        server_time: new Date(Date.now() + SERVER_AHEAD_MS).toISOString(),
        received_time: receivedTime,
      };
      const delayMs = nextAnswerDelayMs;
      nextAnswerDelayMs = 0;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return answer;
    }),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('radio clock', () => {
  it('places every listener at the same position whatever their own clock', () => {
    const startTime = new Date(T0 - 30_000).toISOString();
    const accurate = stationPositionSeconds(startTime, 0, T0);
    const slowDevice = stationPositionSeconds(startTime, 5_000, T0 - 5_000);
    expect(accurate).toBe(30);
    expect(slowDevice).toBe(30);
  });
});

describe('createRadio', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  async function tuneIn(initial = song('firstSong01', 42_000)) {
    const station = fakeStation(initial);
    const radio = createRadio({ fetchNowPlaying: station.fetchNowPlaying });
    const fake = createFakeAdapter();
    radio.attach(fake.adapter);
    await radio.start();
    await flush();
    return { station, radio, fake };
  }

  it('starts the current song muted, at the time elapsed on the server clock', async () => {
    const { radio, fake } = await tuneIn();
    expect(fake.loaded).toEqual([{ videoId: 'firstSong01', startSeconds: 42 }]);
    expect(fake.muted).toBe(true);
    expect(radio.getState()).toMatchObject({ status: 'playing', muted: true, volume: 50 });
    expect(fake.volume).toBe(0.5);
    radio.stop();
  });

  it('shows the song a rendered page carried at once, and plays it once the clock is known', async () => {
    const rendered = song('firstSong01', 42_000);
    const station = fakeStation(rendered);
    const radio = createRadio({ fetchNowPlaying: station.fetchNowPlaying, song: rendered });
    expect(radio.getState()).toMatchObject({ status: 'loading', song: rendered });

    const fake = createFakeAdapter();
    radio.attach(fake.adapter);
    expect(fake.loaded).toEqual([]);

    await radio.start();
    await flush();
    // The same song as the page showed: started once, at the server clock's position.
    expect(fake.loaded).toEqual([{ videoId: 'firstSong01', startSeconds: 42 }]);
    expect(radio.getState().status).toBe('playing');
    radio.stop();
  });

  it('says when YouTube cannot be reached, and loads the song again on retry', async () => {
    const { radio, fake } = await tuneIn();
    fake.unreachable();
    await flush();
    expect(radio.getState().status).toBe('unavailable');

    radio.retryPlayer();
    expect(radio.getState().status).toBe('playing');
    expect(fake.loaded.map(({ videoId }) => videoId)).toEqual(['firstSong01', 'firstSong01']);
    radio.stop();
  });

  it('plays with sound once unmuted, and sets the volume from 0 to 100', async () => {
    const { radio, fake } = await tuneIn();
    radio.unmute();
    expect(fake.muted).toBe(false);
    expect(fake.state).toBe('playing');
    radio.setVolume(80);
    expect(fake.volume).toBe(0.8);
    radio.setVolume(150);
    expect(radio.getState().volume).toBe(100);
    radio.stop();
  });

  it('asks again every 5 s and re-aligns a player that drifted more than a second', async () => {
    const { station, radio, fake } = await tuneIn();
    fake.advanceTo(40); // 2 s behind the station after the next 5 s poll? 47 expected, 40 heard
    await vi.advanceTimersByTimeAsync(5_000);
    expect(station.calls).toEqual(['get', 'get']);
    expect(fake.adapter.getCurrentTime()).toBeCloseTo(47, 1);

    fake.advanceTo(52.5); // half a second off at the next poll (52 expected): left alone
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.adapter.getCurrentTime()).toBe(52.5);
    radio.stop();
  });

  it('keeps the clock of its quickest answer: a slow answer does not move where songs start', async () => {
    const { station, radio, fake } = await tuneIn();
    expect(radio.getState().clockOffsetMs).toBe(SERVER_AHEAD_MS);
    // At the next poll (T0 + 5 s) the station has moved on to a song started 10 s before T0; its
    // answer is made at once and arrives 2 s later: alone, it would put the server 1 s behind.
    station.set(song('secondSng02', 10_000));
    station.delayNextAnswer(2_000);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(radio.getState().clockOffsetMs).toBe(SERVER_AHEAD_MS);
    expect(fake.loaded.at(-1)).toEqual({ videoId: 'secondSng02', startSeconds: 17 });
    radio.stop();
  });

  it('starts at the right place when the server took long over its first answer', async () => {
    const station = fakeStation(song('firstSong01', 42_000));
    // Made 3 s after it was asked: taken for the middle of the round trip, the answer would put
    // the server 1.5 s ahead of where it is, and the song 1.5 s ahead of the other listeners.
    station.takeLongOverNextAnswer(3_000);
    const radio = createRadio({ fetchNowPlaying: station.fetchNowPlaying });
    const fake = createFakeAdapter();
    radio.attach(fake.adapter);
    const started = radio.start();
    await vi.advanceTimersByTimeAsync(3_000);
    await started;
    expect(radio.getState().clockOffsetMs).toBe(SERVER_AHEAD_MS);
    expect(fake.loaded).toEqual([{ videoId: 'firstSong01', startSeconds: 45 }]);
    radio.stop();
  });

  it('asks for a new song when one ends, then follows the station to it', async () => {
    const { station, radio, fake } = await tuneIn();
    station.set(song('secondSng02', 0));
    fake.end();
    await flush();
    expect(station.calls).toEqual(['get', 'setnewsong', 'get']);
    expect(fake.loaded.at(-1)).toEqual({ videoId: 'secondSng02', startSeconds: 0 });
    radio.stop();
  });

  it('lets a song that cannot play here pass in silence while the station goes on', async () => {
    const { station, radio, fake } = await tuneIn(song('blockedSng1', 190_000, 200));
    fake.fail(150);
    await flush();
    expect(radio.getState()).toMatchObject({
      status: 'unplayable',
      notice: RADIO_UNPLAYABLE_NOTICE,
    });
    expect(station.calls).toEqual(['get']);

    station.advanceOnSetNewSong(song('secondSng02', -10_000));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(station.calls).not.toContain('setnewsong');
    expect(radio.getState().status).toBe('unplayable');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(station.calls.filter((call) => call === 'setnewsong')).toHaveLength(1);
    expect(fake.loaded.at(-1)?.videoId).toBe('secondSng02');
    expect(radio.getState()).toMatchObject({ status: 'playing', notice: null });
    radio.stop();
  });

  it('names the song that ended when it asks for the next one', async () => {
    const { station, radio, fake } = await tuneIn();
    station.set(song('secondSng02', 0));
    fake.end();
    await flush();
    expect(station.fetchNowPlaying).toHaveBeenCalledWith('setnewsong', 'firstSong01');
    radio.stop();
  });

  it.each([
    ['refused (a shared address over its limit)', { code: 429, message: 'Too many requests' }],
    ['lost on the way', new TypeError('Failed to fetch')],
  ])(
    'keeps playing, with no offline notice, when an end-of-song call is %s',
    async (_case, failure) => {
      const { station, radio, fake } = await tuneIn();
      const notices: (string | null)[] = [];
      radio.subscribe(() => notices.push(radio.getState().notice));
      station.set(song('secondSng02', 0));
      station.fetchNowPlaying.mockRejectedValueOnce(failure);
      fake.end();
      await flush();
      expect(station.calls).toEqual(['get', 'get']);
      expect(notices).not.toContain(RADIO_UNREACHABLE_NOTICE);
      expect(radio.getState()).toMatchObject({ status: 'playing', notice: null });
      expect(fake.loaded.at(-1)).toEqual({ videoId: 'secondSng02', startSeconds: 0 });
      radio.stop();
    },
  );

  it('keeps playing through a poll the station refuses, and polls on', async () => {
    const { station, radio } = await tuneIn();
    station.fetchNowPlaying.mockRejectedValueOnce({ code: 429, message: 'Too many requests' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(radio.getState()).toMatchObject({ status: 'playing', notice: null });
    station.set(song('secondSng02', 0));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(radio.getState().song?.youtube_url).toBe('secondSng02');
    radio.stop();
  });

  it('says when the station cannot be reached and recovers on the next poll', async () => {
    const { station, radio } = await tuneIn();
    station.fetchNowPlaying.mockRejectedValueOnce(new Error('offline'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(radio.getState()).toMatchObject({ status: 'offline', notice: RADIO_UNREACHABLE_NOTICE });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(radio.getState()).toMatchObject({ status: 'playing', notice: null });
    radio.stop();
  });
});
