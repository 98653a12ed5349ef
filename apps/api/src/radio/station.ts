import type { BrandId } from '@fansite/brand-config';
import { ClockEstimate } from '@fansite/contract';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { StationSong } from '../catalogue/catalogue-snapshot.ts';
import type { RadioRepository, StationRow } from '../repositories/radio.ts';

/**
 * A listener's timer may fire a little before the server thinks the song is over; a call this
 * close to the end still advances, an earlier one gets the current song back unchanged.
 */
const END_TOLERANCE_SECONDS = 2;
const END_TOLERANCE_MS = END_TOLERANCE_SECONDS * 1_000;
/** Songs played this recently are not picked again (when the pool is large enough). */
const REPEAT_WINDOW = 50;
const LAST_PLAYED_COUNT = 5;
/**
 * A poll is answered from this process's copy of the station, read from the database at most this
 * often (and whenever its song ends): another process may have moved the station on.
 */
const STATION_RECHECK_MS = 2_000;
/**
 * A station read is a query of several joins: when it waited (a first query planned, a busy
 * event loop), the database's clock it carries may be this far off or more, and a few readings
 * of the clock alone, a query of nothing, are taken until one is closer. Without them the first
 * answers would carry the error until a quicker read replaced it, and listeners who joined
 * before and after would hear the station that far apart.
 */
const CLOCK_PRECISION_MS = 5;
const CLOCK_READINGS = 3;

export class StationNotFoundError extends Error {}

/** What a `setnewsong` call is, as the station sees it when it arrives. */
export type EndOfSongCall =
  /** The station's song is ending (or has ended): the call moves it on. */
  | 'ending'
  /** It names a song the station has already moved on from: it gets the station as it is. */
  | 'replaced'
  /** The song plays on: an early call, which changes nothing and counts against a limit. */
  | 'early';

/** Which station: a brand's main one, or one of its newcomers playlists. */
export interface StationRef {
  brand: BrandId;
  /** The newcomers playlist it plays, or null for the brand's main station. */
  playlistId: string | null;
}

/**
 * Each brand's fm site has its station, named by the brand, playing that brand's catalogue; a
 * newcomers station plays one playlist of the brand.
 */
export const stationIdOf = ({ brand, playlistId }: StationRef) =>
  playlistId ? `${brand}:${playlistId}` : brand;

/** This process's copy of a station, from which polls are answered. */
export interface KnownStation {
  state: StationRow;
  /** When the song ends, on the database's clock. */
  endsAt: number;
  /** When this process read it, on its own clock. */
  readAt: number;
}

/**
 * What each station plays now and when it moves on. The database holds every station (so all
 * processes play the same); this process answers from its copy of each, read again at most every
 * 2 s and when its song ends. The next song is picked from the catalogue's serving copy, in
 * memory: counting and skipping through 100,000 songs in the database took 35 ms of the event
 * loop on the embedded database at every song change.
 */
export function createStationService(
  store: Pick<
    RadioRepository,
    | 'readStation'
    | 'readClock'
    | 'recentSongs'
    | 'playlistExists'
    | 'hasSongs'
    | 'createStation'
    | 'advanceIfEnded'
  >,
  catalogue: ServingCatalogue,
  now: () => number = Date.now,
) {
  /**
   * The database's clock, which every server process's listeners hear the station by, measured
   * against this process's at each read of a station: a read that waited (the embedded database
   * answers on the event loop) would otherwise move the clock of every poll answered until the
   * next read by as long as it waited, and two listeners answered either side of it would hear
   * the station that far apart.
   */
  const databaseClock = new ClockEstimate();
  /** Stations this process has seen in the database, so polls skip the creating insert. */
  const knownStations = new Set<string>();
  const copies = new Map<string, KnownStation>();
  const reading = new Map<string, Promise<KnownStation>>();

  async function readStation(stationId: string): Promise<StationRow | undefined> {
    const sentAt = now();
    const state = await store.readStation(stationId, {
      endToleranceSeconds: END_TOLERANCE_SECONDS,
      lastPlayed: LAST_PLAYED_COUNT,
    });
    if (state) databaseClock.add(Date.parse(state.server_time), sentAt, now());
    for (let reading = 0; reading < CLOCK_READINGS; reading++) {
      if (databaseClock.errorMs <= CLOCK_PRECISION_MS) break;
      const clockSentAt = now();
      const clock = await store.readClock();
      databaseClock.add(Date.parse(clock), clockSentAt, now());
    }
    return state;
  }

  /**
   * A random song of the station's pool that it has not played lately: the main station plays
   * the whole catalogue, a newcomers station its playlist; a pool no larger than the window plays
   * any of its songs.
   */
  async function pickNextSong(station: StationRef): Promise<StationSong> {
    const recent = await store.recentSongs(stationIdOf(station), REPEAT_WINDOW);
    const song = await catalogue.of(station.brand).stationSong(station.playlistId, new Set(recent));
    if (!song) {
      throw new StationNotFoundError(
        station.playlistId ? 'This station has no songs' : 'No songs yet',
      );
    }
    return song;
  }

  async function ensureStation(station: StationRef): Promise<void> {
    const stationId = stationIdOf(station);
    if (knownStations.has(stationId)) return;
    const { brand, playlistId } = station;
    if (playlistId && !(await store.playlistExists(brand, playlistId))) {
      throw new StationNotFoundError('This station does not exist');
    }
    // A station with nothing to play is refused before its row is written: a refused poll
    // leaves the database as it found it.
    if (!(await store.hasSongs(brand, playlistId))) {
      throw new StationNotFoundError(playlistId ? 'This station has no songs' : 'No songs yet');
    }
    await store.createStation(stationId);
    knownStations.add(stationId);
  }

  /**
   * The station as the database has it, moved on first when its song is over (a song no longer
   * in the catalogue moves nothing: the next poll picks again). Of any number of simultaneous
   * calls in this process one reads (and maybe advances) and the others share it.
   */
  function readFromDatabase(station: StationRef): Promise<KnownStation> {
    const stationId = stationIdOf(station);
    let pending = reading.get(stationId);
    if (!pending) {
      pending = (async () => {
        await ensureStation(station);
        let state = await readStation(stationId);
        if (!state) {
          // The row went away behind this process's back (an operator reset the radio).
          knownStations.delete(stationId);
          await ensureStation(station);
          state = await readStation(stationId);
        }
        if (state?.ended) {
          await store.advanceIfEnded(stationId, await pickNextSong(station), END_TOLERANCE_SECONDS);
          state = await readStation(stationId);
        }
        if (!state?.youtube_url) throw new StationNotFoundError('No songs yet');
        const known = {
          state,
          endsAt: Date.parse(state.start_time) + state.duration * 1_000,
          readAt: now(),
        };
        copies.set(stationId, known);
        return known;
      })().finally(() => reading.delete(stationId));
      reading.set(stationId, pending);
    }
    return pending;
  }

  /** The time now on the database's clock, as last measured. */
  const stationTime = (at = now()) => at + databaseClock.offsetMs;

  return {
    stationTime,

    /**
     * The station's song now, from this process's copy while its song plays (read again every
     * few seconds). With `advance` (a player whose song ended) it always asks the database,
     * which moves the station on only if the song has ended there too; a station nobody heard
     * for a while moves on at its next poll.
     */
    async current(station: StationRef, advance = false): Promise<KnownStation> {
      await ensureStation(station);
      const copy = copies.get(stationIdOf(station));
      const at = now();
      const stillPlaying =
        copy !== undefined &&
        at - copy.readAt < STATION_RECHECK_MS &&
        stationTime(at) < copy.endsAt - END_TOLERANCE_MS;
      if (!advance && stillPlaying) return copy;
      return readFromDatabase(station);
    },

    /**
     * What a `setnewsong` naming `endedSong` (the song that ended for the listener; none from
     * older pages) is: the end of the song playing now, a call for a song the station has
     * already moved on from, or an early call. Read from this process's copy of the station.
     */
    async endOfSongCall(station: StationRef, endedSong?: string): Promise<EndOfSongCall> {
      await ensureStation(station);
      const kindBy = ({ state, endsAt }: KnownStation): EndOfSongCall => {
        if (endedSong && endedSong !== state.youtube_url) {
          const played = state.last_played.some((song) => song.youtube_url === endedSong);
          return played ? 'replaced' : 'early';
        }
        return stationTime() >= endsAt - END_TOLERANCE_MS ? 'ending' : 'early';
      };
      const copy = copies.get(stationIdOf(station));
      const byCopy = copy ? kindBy(copy) : 'early';
      if (byCopy !== 'early') return byCopy;
      // The copy may be a moment old (another process may have moved the station on): an
      // apparently early call is checked against the database, which moves the station on if
      // its song has ended; of simultaneous calls one reads and the others share its answer.
      const fresh = await readFromDatabase(station);
      const movedOn = copy !== undefined && fresh.state.start_time !== copy.state.start_time;
      if (movedOn && (!endedSong || endedSong === copy.state.youtube_url)) return 'replaced';
      return kindBy(fresh);
    },
  };
}
