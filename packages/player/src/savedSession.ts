import { isPlaylistId, isYoutubeId } from '@fansite/contract';
import type { PlayerSong, PlayerState, QueuedSong, RestoredSession } from './player.ts';

/** What the player keeps on the device: localStorage, or anything that stores strings the same way. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The keys carry a version: a later shape gets a new key, and what an older version left is read
 * as nothing rather than misread.
 */
export const SESSION_KEY = 'fansite.player.session.v1';
export const RECENTLY_PLAYED_KEY = 'fansite.player.recent.v1';

/** The songs the account dashboard lists as recently played. */
export const RECENTLY_PLAYED_LIMIT = 50;

/** A queue longer than this is cut when saved: a session must never fill the device's storage. */
const SAVED_QUEUE_LIMIT = 500;

const TEXT_LIMIT = 500;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= TEXT_LIMIT;
const isOptionalId = (value: unknown): value is string | null =>
  value === null || isYoutubeId(value);

function readJson(storage: SessionStorage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    // Storage refused (private mode, blocked cookies) or the value is not JSON: nothing saved.
    return null;
  }
}

function writeJson(storage: SessionStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the session is simply not kept.
  }
}

function toSong(value: unknown): PlayerSong | null {
  if (!isObject(value)) return null;
  const { videoId, playlistId, title, artist, nextVideoId, previousVideoId, firstVideoId } = value;
  const { artworkUrl } = value;
  if (!isYoutubeId(videoId) || !isPlaylistId(playlistId) || !isText(title) || !isText(artist)) {
    return null;
  }
  if (!isOptionalId(nextVideoId) || !isOptionalId(previousVideoId) || !isYoutubeId(firstVideoId)) {
    return null;
  }
  if (artworkUrl !== undefined && !(isText(artworkUrl) && artworkUrl.startsWith('https://'))) {
    return null;
  }
  return {
    videoId,
    playlistId,
    title,
    artist,
    nextVideoId,
    previousVideoId,
    firstVideoId,
    ...(artworkUrl === undefined ? {} : { artworkUrl }),
  };
}

type SongName = Omit<QueuedSong, 'id'>;

function toSongName(value: unknown): SongName | null {
  if (!isObject(value)) return null;
  const { videoId, playlistId, title, artist } = value;
  if (!isYoutubeId(videoId) || !isPlaylistId(playlistId) || !isText(title) || !isText(artist)) {
    return null;
  }
  return { videoId, playlistId, title, artist };
}

/** The session a reload brings back, or null when none was saved or it is not one we wrote. */
export function readSavedSession(storage: SessionStorage): RestoredSession | null {
  const saved = readJson(storage, SESSION_KEY);
  if (!isObject(saved)) return null;
  const song = toSong(saved.song);
  const { position, queue, shuffle, repeat } = saved;
  if (!song || typeof position !== 'number' || !Number.isFinite(position) || position < 0) {
    return null;
  }
  if (!Array.isArray(queue) || typeof shuffle !== 'boolean' || typeof repeat !== 'boolean') {
    return null;
  }
  const entries = queue.slice(0, SAVED_QUEUE_LIMIT).map(toSongName);
  if (entries.some((entry) => entry === null)) return null;
  return { song, position, queue: entries as SongName[], shuffle, repeat };
}

/** Keeps what plays, where, and the queue; forgets them once nothing plays. */
export function saveSession(storage: SessionStorage, state: PlayerState) {
  const { song } = state;
  if (!song) {
    try {
      storage.removeItem(SESSION_KEY);
    } catch {
      // Storage refused: nothing was kept either.
    }
    return;
  }
  writeJson(storage, SESSION_KEY, {
    song,
    position: Math.floor(state.currentTime),
    queue: state.queue
      .slice(0, SAVED_QUEUE_LIMIT)
      .map(({ videoId, playlistId, title, artist }) => ({ videoId, playlistId, title, artist })),
    shuffle: state.shuffle,
    repeat: state.repeat,
  });
}

/** A song the listener played on this device, and when it started. */
export interface RecentlyPlayedSong extends SongName {
  /** Milliseconds since 1970. */
  playedAt: number;
}

/** The songs played on this device, the latest first. */
export function readRecentlyPlayed(storage: SessionStorage): RecentlyPlayedSong[] {
  const saved = readJson(storage, RECENTLY_PLAYED_KEY);
  if (!Array.isArray(saved)) return [];
  const songs: RecentlyPlayedSong[] = [];
  for (const entry of saved.slice(0, RECENTLY_PLAYED_LIMIT)) {
    const name = toSongName(entry);
    const playedAt = isObject(entry) ? entry.playedAt : undefined;
    if (!name || typeof playedAt !== 'number' || !Number.isFinite(playedAt)) continue;
    songs.push({ ...name, playedAt });
  }
  return songs;
}

/** Puts a song first among the recently played (once: an earlier play of it moves up). */
export function recordPlayed(storage: SessionStorage, song: SongName, playedAt: number) {
  const earlier = readRecentlyPlayed(storage).filter((entry) => entry.videoId !== song.videoId);
  const { videoId, playlistId, title, artist } = song;
  writeJson(
    storage,
    RECENTLY_PLAYED_KEY,
    [{ videoId, playlistId, title, artist, playedAt }, ...earlier].slice(0, RECENTLY_PLAYED_LIMIT),
  );
}
