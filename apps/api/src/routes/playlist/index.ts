import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall } from '../register-call.ts';

export default async function playlistRoutes(app: FastifyInstance) {
  registerCall(app, calls.playlistAll, async (query) =>
    ok(await app.catalogue.listPlaylists(query)),
  );

  registerCall(app, calls.playlistGet, async ({ p }) => {
    const playlist = await app.catalogue.getPlaylist(p);
    if (!playlist) throw new HttpError(404, 'Playlist not found');
    return ok(playlist);
  });

  registerCall(app, calls.playlistExplore, async () => ok(await app.catalogue.explore()));
}
