import { calls } from '@fansite/contract';
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

  registerCall(app, calls.playlistExplore, async (_input, request) =>
    ok(await app.catalogue.of(requestBrand(request)).explore()),
  );
}
