import { FAVORITE_PLAYLIST_ID, calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export default async function songRoutes(app: FastifyInstance) {
  registerCall(app, calls.songGet, async ({ s, p }, request) => {
    let playlistId = p;
    if (p === FAVORITE_PLAYLIST_ID) {
      // The signed-in user's favourites play as a playlist of their own (docs/product.md, states).
      const brand = requestBrand(request);
      const favorite = request.user && (await app.favorites.get(request.user.uid, brand, s));
      if (favorite) return ok(favorite);
      // A favourites link shared with someone else (or opened signed out) still plays the song,
      // in its home playlist, rather than a not-found page.
      const home = app.catalogue.of(brand).snapshot.summary(s)?.category_id;
      if (!home) throw new HttpError(404, 'Song not found');
      playlistId = home;
    }
    const song = await app.catalogue.of(requestBrand(request)).getSongInPlaylist(s, playlistId);
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

  registerCall(app, calls.songSearchPage, async ({ offset, ...query }, request) =>
    ok(await app.catalogue.of(requestBrand(request)).searchPage(query, offset)),
  );
}
