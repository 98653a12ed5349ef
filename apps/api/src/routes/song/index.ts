import { FAVORITE_PLAYLIST_ID, calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, ok, okResponse } from '../../plugins/app/envelope.ts';

const { songGet, songRandom, songSearch } = calls;

const songRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    songGet.path,
    {
      config: { auth: songGet.auth },
      schema: { querystring: songGet.input, response: okResponse(songGet.data) },
    },
    async (request) => {
      if (request.query.p === FAVORITE_PLAYLIST_ID) {
        // The signed-in user's favourites play as a playlist of their own (SPEC.md section 4).
        const favorite =
          request.user && (await app.favorites.get(request.user.uid, request.query.s));
        if (!favorite) throw new HttpError(404, 'Song not found in your favorites');
        return ok(favorite);
      }
      const song = await app.catalogue.getSongInPlaylist(request.query.s, request.query.p);
      if (!song) throw new HttpError(404, 'Song not found in this playlist');
      if (!request.user) return ok(song);
      // The cached song is shared by every visitor: the flag goes on a copy.
      const favorite = await app.favorites.isFavorite(request.user.uid, song.youtube_url);
      return ok({ ...song, favorite });
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
