import { describe, expect, it } from 'vitest';
import type { PlayerState } from './player.ts';
import {
  RECENTLY_PLAYED_KEY,
  RECENTLY_PLAYED_LIMIT,
  SESSION_KEY,
  readRecentlyPlayed,
  readSavedSession,
  recordPlayed,
  saveSession,
} from './savedSession.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const playing: PlayerState = {
  song: {
    videoId: 'aaaaaaaaaaa',
    playlistId: 'gaming',
    title: 'A song',
    artist: 'An artist',
    nextVideoId: 'bbbbbbbbbbb',
    previousVideoId: null,
    firstVideoId: 'aaaaaaaaaaa',
    artworkUrl: 'https://i.ytimg.com/vi/aaaaaaaaaaa/hqdefault.jpg',
  },
  status: 'playing',
  shuffle: false,
  repeat: true,
  muted: false,
  volume: 1,
  currentTime: 61.7,
  duration: 200,
  notice: null,
  queue: [{ id: 'queued-1', videoId: 'ccccccccccc', playlistId: 'chill', title: 'C', artist: 'X' }],
};

describe('the saved session', () => {
  it('comes back as it was saved: song, whole seconds played, queue, shuffle and repeat', () => {
    const storage = memoryStorage();
    saveSession(storage, playing);
    expect(readSavedSession(storage)).toEqual({
      song: playing.song,
      position: 61,
      queue: [{ videoId: 'ccccccccccc', playlistId: 'chill', title: 'C', artist: 'X' }],
      shuffle: false,
      repeat: true,
    });
  });

  it('is forgotten once nothing plays', () => {
    const storage = memoryStorage();
    saveSession(storage, playing);
    saveSession(storage, { ...playing, song: null });
    expect(storage.values.has(SESSION_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{'],
    ['another shape', JSON.stringify({ song: 'aaaaaaaaaaa' })],
    ['a bad video id', JSON.stringify({ ...JSON.parse(saved()), song: { videoId: '../x' } })],
    ['a negative position', JSON.stringify({ ...JSON.parse(saved()), position: -1 })],
    ['a queue entry with a script link', JSON.stringify({ ...JSON.parse(saved()), queue: [{}] })],
    [
      'artwork that is not https',
      JSON.stringify({
        ...JSON.parse(saved()),
        song: { ...playing.song, artworkUrl: 'javascript:alert(1)' },
      }),
    ],
  ])('is read as nothing when it holds %s', (_, text) => {
    const storage = memoryStorage();
    storage.setItem(SESSION_KEY, text);
    expect(readSavedSession(storage)).toBeNull();
  });

  it('is read as nothing when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => saveSession(refusing, playing)).not.toThrow();
    expect(readSavedSession(refusing)).toBeNull();
  });
});

function saved() {
  const storage = memoryStorage();
  saveSession(storage, playing);
  return storage.getItem(SESSION_KEY)!;
}

describe('recently played', () => {
  const songName = (index: number) => ({
    videoId: `song${String(index).padStart(7, '0')}`,
    playlistId: 'gaming',
    title: `Song ${index}`,
    artist: 'Artist',
  });

  it('keeps the last 50 songs, the latest first, each once', () => {
    const storage = memoryStorage();
    for (let index = 0; index < 60; index += 1) recordPlayed(storage, songName(index), index);
    recordPlayed(storage, songName(30), 1000);

    const recent = readRecentlyPlayed(storage);
    expect(recent).toHaveLength(RECENTLY_PLAYED_LIMIT);
    expect(recent[0]).toEqual({ ...songName(30), playedAt: 1000 });
    expect(recent[1]!.videoId).toBe(songName(59).videoId);
    expect(recent.filter((entry) => entry.videoId === songName(30).videoId)).toHaveLength(1);
  });

  it('skips entries it did not write', () => {
    const storage = memoryStorage();
    storage.setItem(
      RECENTLY_PLAYED_KEY,
      JSON.stringify([{ ...songName(1), playedAt: 5 }, { videoId: '<img>' }, 'text']),
    );
    expect(readRecentlyPlayed(storage)).toEqual([{ ...songName(1), playedAt: 5 }]);
  });
});
