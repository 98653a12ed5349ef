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
  type SongRef,
} from './player.ts';
export {
  YOUTUBE_IFRAME_API_URL,
  createYouTubeAdapter,
  loadYouTubeIframeApi,
} from './youtubeAdapter.ts';
export { createFakeAdapter, type FakeAdapter, type FakeAdapterOptions } from './fakeAdapter.ts';
export {
  PlayerProvider,
  PlayerSurface,
  useMediaSession,
  usePlayer,
  usePlayerState,
  type PlayerProviderProps,
  type PlayerSurfaceProps,
} from './react.tsx';
export {
  RADIO_DEFAULT_VOLUME,
  RADIO_DRIFT_TOLERANCE_SECONDS,
  RADIO_REFRESH_MS,
  RADIO_UNPLAYABLE_NOTICE,
  RADIO_UNREACHABLE_NOTICE,
  createRadio,
  serverClockOffsetMs,
  stationPositionSeconds,
  type Radio,
  type RadioCall,
  type RadioDependencies,
  type RadioState,
  type RadioStatus,
} from './radio/radio.ts';
export { RadioWidget, useRadioState, type RadioWidgetProps } from './radio/RadioWidget.tsx';
