import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, ok, okResponse } from '../../plugins/app/envelope.ts';

const { playlistAll, playlistGet, playlistExplore } = calls;

const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    playlistAll.path,
    { schema: { querystring: playlistAll.input, response: okResponse(playlistAll.data) } },
    async (request) => ok(await app.catalogue.listPlaylists(request.query)),
  );

  app.get(
    playlistGet.path,
    { schema: { querystring: playlistGet.input, response: okResponse(playlistGet.data) } },
    async (request) => {
      const playlist = await app.catalogue.getPlaylist(request.query.p);
      if (!playlist) throw new HttpError(404, 'Playlist not found');
      return ok(playlist);
    },
  );

  app.get(
    playlistExplore.path,
    { schema: { querystring: playlistExplore.input, response: okResponse(playlistExplore.data) } },
    async () => ok(await app.catalogue.explore()),
  );
};

export default playlistRoutes;
