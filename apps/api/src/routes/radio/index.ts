import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, ok, okResponse } from '../../plugins/app/envelope.ts';
import { StationNotFoundError } from '../../repositories/radio.ts';

const { radioGet, radioSetNewSong } = calls;

const radioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both calls answer with the song playing now; setnewsong is what a player sends when its song
  // ends, and it moves the station on only if the song has really ended for the server too.
  for (const call of [radioGet, radioSetNewSong]) {
    app.get(
      call.path,
      { schema: { querystring: call.input, response: okResponse(call.data) } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          return ok(
            await app.radio.nowPlaying({
              newcomersPlaylistId: request.query.newcomers_id,
              listenerId: request.query.listener,
            }),
          );
        } catch (error) {
          if (error instanceof StationNotFoundError) throw new HttpError(404, error.message);
          throw error;
        }
      },
    );
  }
};

export default radioRoutes;
