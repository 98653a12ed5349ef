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
    const playlist = await app.catalogue.of(requestBrand(request)).getPlaylist(p);
    if (!playlist) throw new HttpError(404, 'Playlist not found');
    const { songs } = playlist;
    const at = songs.findIndex((song) => song.youtube_url === s);
    if (at === -1) throw new HttpError(404, 'This song is not in this playlist');
    const count = Math.min(UP_NEXT_WINDOW + 1, songs.length);
    const window = songs.slice(at, at + count);
    // Past the playlist's end the player goes on from its first song.
    window.push(...songs.slice(0, count - window.length));
    return ok({ songs: window });
  });

  registerCall(app, calls.playlistExplore, async (_input, request) =>
    ok(await app.catalogue.of(requestBrand(request)).explore()),
  );
}
