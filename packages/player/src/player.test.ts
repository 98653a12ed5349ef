import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNPLAYABLE_ERROR_CODES } from './adapter.ts';
import { createFakeAdapter, type FakeAdapterOptions } from './fakeAdapter.ts';
import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import {
  MAX_CONSECUTIVE_SKIPS,
  PLAYER_UNAVAILABLE_NOTICE,
  UNPLAYABLE_NOTICE,
  createPlayer,
  type PlayerSong,
} from './player.ts';

const song = (videoId: string, extra: Partial<PlayerSong> = {}): PlayerSong => ({
  videoId,
  playlistId: 'gaming',
  title: `Song ${videoId}`,
  artist: 'Artist',
  nextVideoId: 'next0000000',
  previousVideoId: 'prev0000000',
  firstVideoId: 'first000000',
  ...extra,
});

/** Lets the fake's asynchronous events arrive, and moves time by `ms`. */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function setUp(adapterOptions: FakeAdapterOptions = {}) {
  const fake = createFakeAdapter(adapterOptions);
  const openSong = vi.fn();
  const reportUnplayable = vi.fn();
  const randomSong = vi.fn(async (playlistId: string) => ({
    videoId: 'random00000',
    playlistId,
  }));
  const randomFavorite = vi.fn(async () => ({
    videoId: 'favrandom00',
    playlistId: FAVORITE_PLAYLIST_ID,
  }));
  const player = createPlayer({
    openSong,
    reportUnplayable,
    randomSong,
    randomFavorite,
    playbackTimeoutMs: 5000,
  });
  player.attach(fake.adapter);
  return { fake, player, openSong, reportUnplayable, randomSong, randomFavorite };
}

describe('player core', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays the song it is given, from the requested time', async () => {
    const { fake, player } = setUp();

    player.setSong(song('aaaaaaaaaaa'), { startSeconds: 42 });
    expect(player.getState().status).toBe('loading');
    await settle();

    expect(fake.loaded).toEqual([{ videoId: 'aaaaaaaaaaa', startSeconds: 42 }]);
    expect(player.getState()).toMatchObject({ status: 'playing', currentTime: 42 });
  });

  it('reuses its backend for the next song and only refreshes details of the same song', async () => {
    const { fake, player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    player.setSong(song('aaaaaaaaaaa', { title: 'Renamed' }));
    player.setSong(song('bbbbbbbbbbb'));
    await settle();

    expect(fake.loaded.map(({ videoId }) => videoId)).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb']);
  });

  it('loads a song set before its backend is attached once it is', async () => {
    const fake = createFakeAdapter();
    const player = createPlayer({
      openSong: vi.fn(),
      randomSong: vi.fn(),
      randomFavorite: vi.fn(),
    });
    player.setSong(song('aaaaaaaaaaa'));
    player.attach(fake.adapter);
    await settle();

    expect(player.getState().status).toBe('playing');
  });

  it('goes to the next song, and wraps to the first at the end of the playlist', () => {
    const { player, openSong } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });

    player.setSong(song('last0000000', { nextVideoId: null }));
    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'first000000', playlistId: 'gaming' });
  });

  it('goes to the previous song, and nowhere from the first one', () => {
    const { player, openSong } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    player.previous();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'prev0000000', playlistId: 'gaming' });

    openSong.mockClear();
    player.setSong(song('first000000', { previousVideoId: null }));
    player.previous();
    expect(openSong).not.toHaveBeenCalled();
  });

  it('sets shuffle and toggles repeat', () => {
    const { player } = setUp();
    player.setShuffle(true);
    player.toggleRepeat();
    expect(player.getState()).toMatchObject({ shuffle: true, repeat: true });
    player.setShuffle(false);
    player.toggleRepeat();
    expect(player.getState()).toMatchObject({ shuffle: false, repeat: false });
  });

  it('plays the next song when a song ends', async () => {
    const { fake, player, openSong } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.end();
    await settle();

    expect(openSong).toHaveBeenCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });
  });

  it('replays the same song when it ends with repeat on, even with shuffle on', async () => {
    const { fake, player, openSong } = setUp();
    player.toggleRepeat();
    player.setShuffle(true);
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.end();
    await settle();

    expect(openSong).not.toHaveBeenCalled();
    expect(fake.adapter.getCurrentTime()).toBe(0);
    expect(player.getState().status).toBe('playing');
  });

  it('plays a random song of the playlist when a song ends with shuffle on', async () => {
    const { fake, player, openSong, randomSong } = setUp();
    player.setShuffle(true);
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.end();
    await settle();

    expect(randomSong).toHaveBeenCalledWith('gaming');
    expect(openSong).toHaveBeenCalledWith({ videoId: 'random00000', playlistId: 'gaming' });
  });

  it('shuffles through the favourites in the favorite playlist', async () => {
    const { fake, player, openSong, randomSong, randomFavorite } = setUp();
    player.setShuffle(true);
    player.setSong(song('aaaaaaaaaaa', { playlistId: FAVORITE_PLAYLIST_ID }));
    await settle();

    fake.end();
    await settle();

    expect(randomFavorite).toHaveBeenCalled();
    expect(randomSong).not.toHaveBeenCalled();
    expect(openSong).toHaveBeenCalledWith({
      videoId: 'favrandom00',
      playlistId: FAVORITE_PLAYLIST_ID,
    });
  });

  it('plays the song again when shuffle picks the song that just ended', async () => {
    const { fake, player, openSong, randomSong } = setUp();
    randomSong.mockResolvedValueOnce({ videoId: 'aaaaaaaaaaa', playlistId: 'gaming' });
    player.setShuffle(true);
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.end();
    await settle();

    expect(openSong).not.toHaveBeenCalled();
    expect(player.getState().status).toBe('playing');
  });

  it('falls back to the next song when no random song can be had', async () => {
    const { player, openSong, randomSong } = setUp();
    randomSong.mockRejectedValueOnce(new Error('offline'));
    player.setShuffle(true);
    player.setSong(song('aaaaaaaaaaa'));

    player.next();
    await settle();

    expect(openSong).toHaveBeenCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });
  });

  it.each(UNPLAYABLE_ERROR_CODES)(
    'says so, reports and skips to the next song on error %i',
    async (code) => {
      const { player, openSong, reportUnplayable } = setUp({
        unavailable: { aaaaaaaaaaa: code },
      });
      player.setSong(song('aaaaaaaaaaa'));
      await settle();

      expect(player.getState()).toMatchObject({
        status: 'unplayable',
        notice: UNPLAYABLE_NOTICE,
      });
      expect(reportUnplayable).toHaveBeenCalledWith('aaaaaaaaaaa', `video error ${code}`);
      expect(openSong).toHaveBeenCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });

      await settle(4000);
      expect(player.getState().notice).toBeNull();
    },
  );

  it('skips a video that fails while it plays', async () => {
    const { fake, player, openSong } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.fail(150);
    await settle();

    expect(openSong).toHaveBeenCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });
  });

  it('retries muted when the browser holds a loaded video back, then gives up on it', async () => {
    const { fake, player, openSong, reportUnplayable } = setUp({ autoplay: false });
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    // The fake plays once asked; here the retry is what asks.
    await settle(5000);
    expect(fake.muted).toBe(true);
    expect(player.getState()).toMatchObject({ status: 'playing', muted: true });
    expect(openSong).not.toHaveBeenCalled();
    expect(reportUnplayable).not.toHaveBeenCalled();
  });

  it('counts a video as unplayable when no playback follows a play request', async () => {
    const { player, openSong, reportUnplayable } = setUp();
    const silent = createFakeAdapter();
    // A backend that gets ready, then never answers for the video: no state, no error.
    player.attach({
      ...silent.adapter,
      subscribe: (listener) => {
        queueMicrotask(() => listener({ type: 'ready' }));
        return () => {};
      },
    });
    player.setSong(song('aaaaaaaaaaa'));

    await settle(4999);
    expect(openSong).not.toHaveBeenCalled();
    await settle(1);

    expect(reportUnplayable).toHaveBeenCalledWith(
      'aaaaaaaaaaa',
      'no playback after a play request',
    );
    expect(openSong).toHaveBeenCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });
  });

  it('neither skips nor reports when the backend itself never gets ready', async () => {
    const { player, openSong, reportUnplayable } = setUp();
    const broken = createFakeAdapter();
    player.attach({ ...broken.adapter, subscribe: () => () => {} });
    player.setSong(song('aaaaaaaaaaa'));

    await settle(5000);

    expect(player.getState().notice).toBe(PLAYER_UNAVAILABLE_NOTICE);
    expect(player.getState().status).toBe('unavailable');
    expect(reportUnplayable).not.toHaveBeenCalled();
    expect(openSong).not.toHaveBeenCalled();
  });

  it('says YouTube is unreachable at once, skips nothing, and loads the song again on retry', async () => {
    const { fake, player, openSong, reportUnplayable } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle();
    fake.unreachable();
    await settle(10_000);

    expect(player.getState().status).toBe('unavailable');
    expect(openSong).not.toHaveBeenCalled();
    expect(reportUnplayable).not.toHaveBeenCalled();

    player.retry();
    expect(player.getState().status).toBe('loading');
    await settle();
    expect(fake.loaded.map(({ videoId }) => videoId)).toEqual(['aaaaaaaaaaa', 'aaaaaaaaaaa']);
    expect(player.getState().status).toBe('playing');
  });

  it('stays on a one-song playlist whose song cannot play', async () => {
    const { player, openSong } = setUp({ unavailable: { aaaaaaaaaaa: 100 } });
    player.setSong(song('aaaaaaaaaaa', { nextVideoId: null, firstVideoId: 'aaaaaaaaaaa' }));
    await settle();

    expect(player.getState().status).toBe('unplayable');
    expect(openSong).not.toHaveBeenCalled();
  });

  it('stops skipping after a long run of unplayable songs', async () => {
    const ids = Array.from({ length: MAX_CONSECUTIVE_SKIPS + 2 }, (_, index) =>
      `bad${index}`.padEnd(11, '0'),
    );
    const { player, openSong } = setUp({
      unavailable: Object.fromEntries(ids.map((id) => [id, 100])),
    });
    for (const id of ids) {
      player.setSong(song(id));
      await settle();
    }

    expect(openSong).toHaveBeenCalledTimes(MAX_CONSECUTIVE_SKIPS);
  });

  it('pauses and resumes', async () => {
    const { player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    player.togglePlay();
    await settle();
    expect(player.getState().status).toBe('paused');
    player.togglePlay();
    await settle();
    expect(player.getState().status).toBe('playing');
  });

  it('stops and forgets its song, then plays the next one it is given', async () => {
    const { fake, player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle(1000);

    player.stop();
    await settle();
    expect(fake.state).toBe('paused');
    expect(player.getState()).toMatchObject({ song: null, status: 'idle', currentTime: 0 });

    player.setSong(song('aaaaaaaaaaa'));
    await settle();
    expect(fake.loaded.map((load) => load.videoId)).toEqual(['aaaaaaaaaaa', 'aaaaaaaaaaa']);
    expect(player.getState().status).toBe('playing');
  });

  it('mutes and unmutes its backend', () => {
    const { fake, player } = setUp();
    player.toggleMute();
    expect(fake.muted).toBe(true);
    player.toggleMute();
    expect(fake.muted).toBe(false);
    expect(player.getState().muted).toBe(false);
  });

  it('sets the volume of its backend, and a level above zero unmutes', () => {
    const { fake, player } = setUp();
    player.toggleMute();
    player.setVolume(0.3);
    expect(fake.volume).toBe(0.3);
    expect(fake.muted).toBe(false);
    expect(player.getState()).toMatchObject({ volume: 0.3, muted: false });
    player.setVolume(7);
    expect(player.getState().volume).toBe(1);
  });

  it('seeks within the current song and shows the new time at once', async () => {
    const { fake, player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle(1000);

    player.seekTo(95);
    expect(fake.adapter.getCurrentTime()).toBe(95);
    expect(player.getState().currentTime).toBe(95);
    player.seekTo(1000);
    expect(player.getState().currentTime).toBe(180);
  });

  it('reads the current time every second while playing', async () => {
    const { fake, player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    await settle();

    fake.advanceTo(12);
    await settle(1000);

    expect(player.getState()).toMatchObject({ currentTime: 12, duration: 180 });
  });
});
