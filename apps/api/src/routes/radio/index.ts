import { calls } from '@fansite/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { rateLimitKey } from '../../plugins/external/security.ts';
import { StationNotFoundError } from '../../radio/radio.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export default async function radioRoutes(app: FastifyInstance) {
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { newcomers_id?: string; listener?: string },
    advance: boolean,
  ) {
    reply.header('cache-control', 'no-store');
    return ok(
      await app.radio.nowPlaying({
        // fm.<brand host> plays the brand's own station.
        brand: requestBrand(request),
        newcomersPlaylistId: input.newcomers_id,
        listenerId: input.listener,
        listenerAddress: rateLimitKey(request),
        advance,
        // Fastify's clock for this request started as it arrived.
        receivedAt: Date.now() - reply.elapsedTime,
      }),
    );
  }

  const stationErrors = (error: unknown): never => {
    if (error instanceof StationNotFoundError) throw new HttpError(404, error.message);
    throw error;
  };

  registerCall(app, calls.radioGet, (input, request, reply) =>
    answer(request, reply, input, false).catch(stationErrors),
  );

  // What a player sends when its song ends. Every listener of the station sends it at about the
  // same moment, and many share an address (a school, a café, a carrier's): a call for the song
  // that is ending moves the station on (only if it has ended for the server too) and one for
  // a song already replaced gets the station as it is; neither is ever refused. Only calls made
  // while the song plays on count against the address's limit.
  registerCall(app, calls.radioSetNewSong, async (input, request, reply) => {
    try {
      const kind = await app.radio.endOfSongCall({
        brand: requestBrand(request),
        newcomersPlaylistId: input.newcomers_id,
        endedSong: input.ended,
      });
      if (kind === 'early') {
        const check = await app.countEarlyRadioWrite(request);
        if (!check.allowed) {
          reply.header('retry-after', String(check.retryAfterSeconds));
          throw new HttpError(
            429,
            `Too many requests for a new song. Please try again in ${check.retryAfterSeconds} seconds.`,
          );
        }
      }
      return await answer(request, reply, input, kind !== 'replaced');
    } catch (error) {
      return stationErrors(error);
    }
  });
}
