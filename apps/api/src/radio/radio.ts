import type { BrandId } from '@fansite/brand-config';
import { radioNowPlayingSchema, type RadioNowPlaying } from '@fansite/contract';
import { alreadyCheckedWithJson, type JsonWriter } from '../catalogue/checked-answers.ts';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { AppDb } from '../db/client.ts';
import { createRadioRepository, type StationRow } from '../repositories/radio.ts';
import { addressKeyOf, createHeartbeatBatcher } from './heartbeats.ts';
import { createListenerMemory } from './listener-memory.ts';
import { createStationService, stationIdOf, type StationRef } from './station.ts';

export { StationNotFoundError } from './station.ts';

interface StationOptions {
  brand: BrandId;
  newcomersPlaylistId?: string;
}

const stationOf = (options: StationOptions): StationRef => ({
  brand: options.brand,
  playlistId: options.newcomersPlaylistId ?? null,
});

/**
 * The JSON of what an answer holds of one read of the station (its song and the songs before
 * it), checked against the contract once per read rather than at every poll: thousands of polls a
 * second answer from the same read, and checking each answer's songs was a tenth of a poll's
 * work. `opening` is the answer's JSON up to its song's duration, without the closing brace.
 */
interface StationJson {
  opening: string;
  lastPlayed: string;
}

/** What polls answered from one read of a station share, kept as long as the read is. */
const stationJsonOf = new WeakMap<StationRow, StationJson>();

/**
 * The answer, marked as checked, with the writer of its JSON: the station's part checked and
 * written once per read, the times and the count (an ISO date from `toISOString`, an integer)
 * written into it at each send, in the order of the answer's keys.
 */
function checkedAnswer(state: StationRow, answer: RadioNowPlaying): RadioNowPlaying {
  let station = stationJsonOf.get(state);
  if (!station) {
    const checked = radioNowPlayingSchema.parse(answer);
    // A quote inside a text is escaped in JSON: the first unescaped key is the key itself.
    const json = JSON.stringify(checked);
    station = {
      opening: json.slice(0, json.indexOf(',"server_time":')),
      lastPlayed: JSON.stringify(checked.last_played),
    };
    stationJsonOf.set(state, station);
  }
  const { opening, lastPlayed } = station;
  const write: JsonWriter = (head, tail) =>
    `${head}${opening},"server_time":"${answer.server_time}","received_time":"${answer.received_time}",` +
    `"listeners":${answer.listeners},"last_played":${lastPlayed}}${tail}`;
  return alreadyCheckedWithJson(answer, write);
}

/**
 * The radio as the routes see it: the station service says what plays, the heartbeat batcher
 * who listens. See docs/radio-station.md.
 */
export async function createRadio(
  db: AppDb,
  catalogue: ServingCatalogue,
  {
    listenersInMemory = false,
  }: {
    /**
     * Heartbeats kept in this process's memory rather than the table: on the embedded database,
     * which no other process opens (`listener-memory.ts`).
     */
    listenersInMemory?: boolean;
  } = {},
) {
  const store = createRadioRepository(db);
  // Rows an older version wrote to the embedded database's table are deleted, not kept for ever.
  if (listenersInMemory) await store.clearListeners();
  const stations = createStationService(store, catalogue);
  const heartbeats = createHeartbeatBatcher({
    store: listenersInMemory ? createListenerMemory() : store,
  });

  return {
    /** The station's song now, the songs before it and how many listen (the asker included). */
    async nowPlaying(
      options: StationOptions & {
        listenerId?: string;
        /** The client's address (`rateLimitKey`): only a few listener ids of one address count. */
        listenerAddress?: string;
        /** A player whose song ended (setnewsong): the database is asked, and may move on. */
        advance?: boolean;
        /** When the request reached the server (`Date.now()`); when this is called if not given. */
        receivedAt?: number;
      },
    ): Promise<RadioNowPlaying> {
      const receivedAt = options.receivedAt ?? Date.now();
      const station = stationOf(options);
      const stationId = stationIdOf(station);
      const { state } = await stations.current(station, options.advance);
      // The listener is noted once the station is known to play (a refused poll writes
      // nothing) and before the count, which includes them.
      if (options.listenerId) {
        heartbeats.record(
          stationId,
          options.listenerId,
          addressKeyOf(options.listenerAddress ?? ''),
        );
      }
      const listeners = await heartbeats.count(stationId);
      return checkedAnswer(state, {
        youtube_url: state.youtube_url!,
        start_time: state.start_time,
        title: state.title ?? '',
        author_name: state.author_name ?? '',
        category_name: state.category_name ?? '',
        category_id: state.category_id ?? '',
        duration: state.duration,
        // Both on the station's clock as now known (a first read of a station may have just
        // learnt it): the time between them is this server's, whatever the offset.
        server_time: new Date(stations.stationTime()).toISOString(),
        received_time: new Date(stations.stationTime(receivedAt)).toISOString(),
        listeners,
        last_played: state.last_played,
      });
    },

    /** What a `setnewsong` naming `endedSong` is: see `StationService.endOfSongCall`. */
    endOfSongCall: (options: StationOptions & { endedSong?: string }) =>
      stations.endOfSongCall(stationOf(options), options.endedSong),

    /** Writes the heartbeats waiting for the next batch now (a test that reads the table). */
    flush: heartbeats.flush,

    /** Per station, the listener ids heard from within the listener window (the metrics'). */
    listenersHeard: heartbeats.heardByStation,

    /** Writes the heartbeats still waiting; the server calls it when it closes. */
    close: heartbeats.close,
  };
}

export type Radio = Awaited<ReturnType<typeof createRadio>>;
