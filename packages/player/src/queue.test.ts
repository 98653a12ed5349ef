import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter } from './fakeAdapter.ts';
import { createPlayer, type PlayerSong } from './player.ts';

const song = (videoId: string): PlayerSong => ({
  videoId,
  playlistId: 'gaming',
  title: `Song ${videoId}`,
  artist: 'Artist',
  nextVideoId: 'next0000000',
  previousVideoId: null,
  firstVideoId: 'first000000',
});

const queued = (videoId: string) => ({
  videoId,
  playlistId: 'chill',
  title: `Queued ${videoId}`,
  artist: 'Someone',
});

function setUp(random = () => 0) {
  const fake = createFakeAdapter();
  const openSong = vi.fn();
  const randomSong = vi.fn(async (playlistId: string) => ({ videoId: 'random00000', playlistId }));
  const player = createPlayer({ openSong, randomSong, randomFavorite: vi.fn(), random });
  return { fake, player, openSong, randomSong };
}

describe('the listener’s queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays queued songs before the playlist goes on, Play next ahead of Add to queue', async () => {
    const { fake, player, openSong } = setUp();
    player.attach(fake.adapter);
    player.setSong(song('aaaaaaaaaaa'));
    player.addToQueue(queued('qqqqqqqqqq1'));
    player.playNext(queued('qqqqqqqqqq2'));

    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'qqqqqqqqqq2', playlistId: 'chill' });
    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'qqqqqqqqqq1', playlistId: 'chill' });
    player.setSong({ ...song('qqqqqqqqqq1'), playlistId: 'chill', nextVideoId: 'chillnext00' });
    // The queue done, the playlist goes on after the song the queue interrupted.
    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'next0000000', playlistId: 'gaming' });
    expect(player.getState().queue).toEqual([]);
  });

  it('reorders, removes and clears', () => {
    const { player } = setUp();
    player.addToQueue(queued('qqqqqqqqqq1'));
    player.addToQueue(queued('qqqqqqqqqq2'));
    player.addToQueue(queued('qqqqqqqqqq3'));
    const ids = () => player.getState().queue.map((entry) => entry.videoId);

    player.moveInQueue(player.getState().queue[2]!.id, 0);
    expect(ids()).toEqual(['qqqqqqqqqq3', 'qqqqqqqqqq1', 'qqqqqqqqqq2']);
    player.moveInQueue(player.getState().queue[0]!.id, 99);
    expect(ids()).toEqual(['qqqqqqqqqq1', 'qqqqqqqqqq2', 'qqqqqqqqqq3']);
    player.removeFromQueue(player.getState().queue[1]!.id);
    expect(ids()).toEqual(['qqqqqqqqqq1', 'qqqqqqqqqq3']);
    player.clearQueue();
    expect(ids()).toEqual([]);
  });

  it('with shuffle on, picks among the queued songs before any random song of the playlist', () => {
    const { player, openSong, randomSong } = setUp(() => 0.99);
    player.setSong(song('aaaaaaaaaaa'));
    player.setShuffle(true);
    player.addToQueue(queued('qqqqqqqqqq1'));
    player.addToQueue(queued('qqqqqqqqqq2'));

    player.next();
    expect(openSong).toHaveBeenLastCalledWith({ videoId: 'qqqqqqqqqq2', playlistId: 'chill' });
    expect(randomSong).not.toHaveBeenCalled();
  });

  it('with repeat on, replays the song and keeps the queue for after it', async () => {
    const { fake, player, openSong } = setUp();
    player.attach(fake.adapter);
    player.setSong(song('aaaaaaaaaaa'));
    player.toggleRepeat();
    player.addToQueue(queued('qqqqqqqqqq1'));
    await vi.advanceTimersByTimeAsync(0);

    fake.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(openSong).not.toHaveBeenCalled();
    expect(player.getState().queue).toHaveLength(1);
  });

  it('brings a saved session back paused, loading nothing until Play, then from where it was', async () => {
    const { fake, player } = setUp();
    player.restore({
      song: song('aaaaaaaaaaa'),
      position: 75,
      queue: [queued('qqqqqqqqqq1')],
      shuffle: true,
      repeat: false,
    });
    player.attach(fake.adapter);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.loaded).toEqual([]);
    expect(player.getState()).toMatchObject({ status: 'cued', currentTime: 75, shuffle: true });
    expect(player.getState().queue.map((entry) => entry.videoId)).toEqual(['qqqqqqqqqq1']);

    player.togglePlay();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.loaded).toEqual([{ videoId: 'aaaaaaaaaaa', startSeconds: 75 }]);
    expect(player.getState().status).toBe('playing');
  });

  it('closing stops the song and empties the queue', () => {
    const { player } = setUp();
    player.setSong(song('aaaaaaaaaaa'));
    player.addToQueue(queued('qqqqqqqqqq1'));
    player.stop();
    expect(player.getState()).toMatchObject({ song: null, status: 'idle', queue: [] });
  });
});
