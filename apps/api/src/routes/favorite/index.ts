import { calls } from '@fansite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/app/auth.ts';
import { HttpError, ok, okResponse } from '../../plugins/app/envelope.ts';

const {
  favoriteAdd,
  favoriteRemove,
  favoriteGetAll,
  favoriteGet,
  favoriteRandom,
  favoriteGetLatest,
} = calls;

const NO_FAVORITES = 'There are no songs in your favorites.';

/** SPEC.md section 7, favourites: every call needs a signed-in user. */
const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    favoriteAdd.path,
    {
      config: { auth: favoriteAdd.auth },
      schema: { body: favoriteAdd.input, response: okResponse(favoriteAdd.data) },
    },
    async (request) => {
      const { uid } = signedInUser(request);
      if (!(await app.favorites.add(uid, request.body.s))) {
        throw new HttpError(404, 'Song not found');
      }
      return ok(null);
    },
  );

  app.post(
    favoriteRemove.path,
    {
      config: { auth: favoriteRemove.auth },
      schema: { body: favoriteRemove.input, response: okResponse(favoriteRemove.data) },
    },
    async (request) => {
      await app.favorites.remove(signedInUser(request).uid, request.body.s);
      return ok(null);
    },
  );

  app.get(
    favoriteGetAll.path,
    {
      config: { auth: favoriteGetAll.auth },
      schema: { querystring: favoriteGetAll.input, response: okResponse(favoriteGetAll.data) },
    },
    async (request) => ok({ songs: await app.favorites.list(signedInUser(request).uid) }),
  );

  app.get(
    favoriteGet.path,
    {
      config: { auth: favoriteGet.auth },
      schema: { querystring: favoriteGet.input, response: okResponse(favoriteGet.data) },
    },
    async (request) => {
      const song = await app.favorites.get(signedInUser(request).uid, request.query.s);
      if (!song) throw new HttpError(404, 'Song not found in your favorites');
      return ok(song);
    },
  );

  app.get(
    favoriteRandom.path,
    {
      config: { auth: favoriteRandom.auth },
      schema: { querystring: favoriteRandom.input, response: okResponse(favoriteRandom.data) },
    },
    async (request) => {
      const youtubeId = await app.favorites.random(signedInUser(request).uid);
      if (!youtubeId) throw new HttpError(404, NO_FAVORITES);
      return ok({ youtube_id: youtubeId });
    },
  );

  app.get(
    favoriteGetLatest.path,
    {
      config: { auth: favoriteGetLatest.auth },
      schema: {
        querystring: favoriteGetLatest.input,
        response: okResponse(favoriteGetLatest.data),
      },
    },
    async (request) => {
      const youtubeId = await app.favorites.latest(signedInUser(request).uid);
      if (!youtubeId) throw new HttpError(404, NO_FAVORITES);
      return ok({ youtube_url: youtubeId });
    },
  );
};

export default favoriteRoutes;
