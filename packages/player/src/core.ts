// The headless core: the song player, the backend interface, the store both cores keep their
// state in, and the fake backend tests drive. Nothing here knows React, a router or the DOM.
export {
  UNPLAYABLE_ERROR_CODES,
  type AdapterEvent,
  type LoadOptions,
  type PlaybackState,
  type PlayerAdapter,
} from './adapter.ts';
export {
  MAX_CONSECUTIVE_SKIPS,
  PLAYER_UNAVAILABLE_NOTICE,
  UNPLAYABLE_NOTICE,
  createPlayer,
  type Player,
  type PlayerDependencies,
  type PlayerSong,
  type PlayerState,
  type PlayerStatus,
  type QueuedSong,
  type RestoredSession,
  type SongRef,
} from './player.ts';
export { createStore, type ReadableStore, type Store } from './store.ts';
export { createFakeAdapter, type FakeAdapter, type FakeAdapterOptions } from './fakeAdapter.ts';
export {
  RECENTLY_PLAYED_KEY,
  RECENTLY_PLAYED_LIMIT,
  SESSION_KEY,
  readRecentlyPlayed,
  readSavedSession,
  recordPlayed,
  saveSession,
  type RecentlyPlayedSong,
  type SessionStorage,
} from './savedSession.ts';
