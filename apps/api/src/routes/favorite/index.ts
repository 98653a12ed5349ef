import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../../plugins/app/auth.ts';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

const NO_FAVORITES = 'There are no songs in your favorites.';

/** docs/calls.md, favourites: every call needs a signed-in user. */
export default async function favoriteRoutes(app: FastifyInstance) {
  registerCall(app, calls.favoriteAdd, async ({ s }, request) => {
    if (!(await app.favorites.add(signedInUser(request).uid, requestBrand(request), s))) {
      throw new HttpError(404, 'Song not found');
    }
    return ok(null);
  });

  registerCall(app, calls.favoriteRemove, async ({ s }, request) => {
    await app.favorites.remove(signedInUser(request).uid, s);
    return ok(null);
  });

  registerCall(app, calls.favoriteGetAll, async (_input, request) =>
    ok({ songs: await app.favorites.list(signedInUser(request).uid, requestBrand(request)) }),
  );

  registerCall(app, calls.favoriteGet, async ({ s }, request) => {
    const song = await app.favorites.get(signedInUser(request).uid, requestBrand(request), s);
    if (!song) throw new HttpError(404, 'Song not found in your favorites');
    return ok(song);
  });

  registerCall(app, calls.favoriteRandom, async (_input, request) => {
    const youtubeId = await app.favorites.random(signedInUser(request).uid, requestBrand(request));
    if (!youtubeId) throw new HttpError(404, NO_FAVORITES);
    return ok({ youtube_id: youtubeId });
  });

  registerCall(app, calls.favoriteGetLatest, async (_input, request) => {
    const youtubeId = await app.favorites.latest(signedInUser(request).uid, requestBrand(request));
    if (!youtubeId) throw new HttpError(404, NO_FAVORITES);
    return ok({ youtube_url: youtubeId });
  });
}
