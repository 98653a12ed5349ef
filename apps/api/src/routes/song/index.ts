import { FAVORITE_PLAYLIST_ID, calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export default async function songRoutes(app: FastifyInstance) {
  registerCall(app, calls.songGet, async ({ s, p }, request) => {
    if (p === FAVORITE_PLAYLIST_ID) {
      // The signed-in user's favourites play as a playlist of their own (docs/product.md, states).
      const favorite =
        request.user && (await app.favorites.get(request.user.uid, requestBrand(request), s));
      if (!favorite) throw new HttpError(404, 'Song not found in your favorites');
      return ok(favorite);
    }
    const song = await app.catalogue.of(requestBrand(request)).getSongInPlaylist(s, p);
    if (!song) throw new HttpError(404, 'Song not found in this playlist');
    if (!request.user) return ok(song);
    // The cached song is shared by every visitor: the flag goes on a copy.
    const favorite = await app.favorites.isFavorite(request.user.uid, song.youtube_url);
    return ok({ ...song, favorite });
  });

  registerCall(app, calls.songRandom, async ({ p }, request) => {
    const song = await app.catalogue.of(requestBrand(request)).randomSong(p);
    if (!song) throw new HttpError(404, p ? 'This playlist has no songs' : 'No songs yet');
    return ok(song);
  });

  registerCall(app, calls.songSearch, async (query, request) =>
    ok(await app.catalogue.of(requestBrand(request)).search(query)),
  );
}
