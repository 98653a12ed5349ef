import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, ok, okResponse } from '../../plugins/app/envelope.ts';

const { songGet, songRandom, songSearch } = calls;

const songRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    songGet.path,
    { schema: { querystring: songGet.input, response: okResponse(songGet.data) } },
    async (request) => {
      const song = await app.catalogue.getSongInPlaylist(request.query.s, request.query.p);
      if (!song) throw new HttpError(404, 'Song not found in this playlist');
      return ok(song);
    },
  );

  app.get(
    songRandom.path,
    { schema: { querystring: songRandom.input, response: okResponse(songRandom.data) } },
    async (request) => {
      const song = await app.catalogue.randomSong(request.query.p);
      if (!song) {
        throw new HttpError(404, request.query.p ? 'This playlist has no songs' : 'No songs yet');
      }
      return ok(song);
    },
  );

  app.get(
    songSearch.path,
    { schema: { querystring: songSearch.input, response: okResponse(songSearch.data) } },
    async (request) => ok(await app.catalogue.search(request.query)),
  );
};

export default songRoutes;
