import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { StationNotFoundError } from '../../repositories/radio.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export default async function radioRoutes(app: FastifyInstance) {
  // Both calls answer with the song playing now; setnewsong is what a player sends when its song
  // ends, and it moves the station on only if the song has really ended for the server too.
  for (const call of [calls.radioGet, calls.radioSetNewSong]) {
    registerCall(app, call, async ({ newcomers_id, listener }, request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return ok(
          await app.radio.nowPlaying({
            // fm.<brand host> plays the brand's own station.
            brand: requestBrand(request),
            newcomersPlaylistId: newcomers_id,
            listenerId: listener,
            advance: call === calls.radioSetNewSong,
            // Fastify's clock for this request started as it arrived.
            receivedAt: Date.now() - reply.elapsedTime,
          }),
        );
      } catch (error) {
        if (error instanceof StationNotFoundError) throw new HttpError(404, error.message);
        throw error;
      }
    });
  }
}
