import { calls, UP_NEXT_WINDOW } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

export default async function playlistRoutes(app: FastifyInstance) {
  registerCall(app, calls.playlistAll, async (query, request) =>
    ok(await app.catalogue.of(requestBrand(request)).listPlaylists(query)),
  );

  registerCall(app, calls.playlistGet, async ({ p }, request) => {
    const playlist = await app.catalogue.of(requestBrand(request)).getPlaylist(p);
    if (!playlist) throw new HttpError(404, 'Playlist not found');
    return ok(playlist);
  });

  // What a song page's HTML carries of its playlist, from the playlist the catalogue keeps.
  registerCall(app, calls.playlistUpNext, async ({ p, s }, request) => {
    // The song and the ones after it, past the playlist's end from its first song again.
    const songs = await app.catalogue.of(requestBrand(request)).songsFrom(p, s, UP_NEXT_WINDOW + 1);
    if (songs === undefined) throw new HttpError(404, 'Playlist not found');
    if (songs === null) throw new HttpError(404, 'This song is not in this playlist');
    return ok({ songs });
  });

  registerCall(app, calls.playlistExplore, async (_input, request) =>
    ok(await app.catalogue.of(requestBrand(request)).explore()),
  );
}
