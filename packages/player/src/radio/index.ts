// The headless radio core: it follows the server's station on the server's clock.
export {
  RADIO_DEFAULT_VOLUME,
  RADIO_DRIFT_TOLERANCE_SECONDS,
  RADIO_REFRESH_MS,
  RADIO_STATE_ID,
  RADIO_UNPLAYABLE_NOTICE,
  RADIO_UNREACHABLE_NOTICE,
  createRadio,
  stationPositionSeconds,
  type Radio,
  type RadioCall,
  type RadioDependencies,
  type RadioState,
  type RadioStatus,
} from './radio.ts';
export { listenerId } from './listener.ts';
