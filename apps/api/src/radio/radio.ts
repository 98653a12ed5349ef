import type { BrandId } from '@fansite/brand-config';
import type { RadioNowPlaying } from '@fansite/contract';
import type { ServingCatalogue } from '../catalogue/serving.ts';
import type { AppDb } from '../db/client.ts';
import { createRadioRepository } from '../repositories/radio.ts';
import { addressKeyOf, createHeartbeatBatcher } from './heartbeats.ts';
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
 * The radio as the routes see it: the station service says what plays, the heartbeat batcher
 * who listens. See docs/radio-station.md.
 */
export function createRadio(db: AppDb, catalogue: ServingCatalogue) {
  const store = createRadioRepository(db);
  const stations = createStationService(store, catalogue);
  const heartbeats = createHeartbeatBatcher({ store });

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
      return {
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
      };
    },

    /** What a `setnewsong` naming `endedSong` is: see `StationService.endOfSongCall`. */
    endOfSongCall: (options: StationOptions & { endedSong?: string }) =>
      stations.endOfSongCall(stationOf(options), options.endedSong),

    /** Writes the heartbeats waiting for the next batch now (a test that reads the table). */
    flush: heartbeats.flush,

    /** Writes the heartbeats still waiting; the server calls it when it closes. */
    close: heartbeats.close,
  };
}

export type Radio = ReturnType<typeof createRadio>;
