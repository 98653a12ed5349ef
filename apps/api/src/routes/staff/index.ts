import type { CallDefinition } from '@fansite/contract';
import { calls, STAFF_PAGE_SIZE } from '@fansite/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import type { StaffActor } from '../../repositories/audit-log.ts';
import { CatalogueEditError } from '../../repositories/catalogue-editor.ts';
import { StaffRecordNotFound } from '../../repositories/staff-network.ts';
import { lookUpVideo, VideoLookupError } from '../../youtube/oembed.ts';
import { registerCall, requestBrand, type CallHandler } from '../register-call.ts';

export interface StaffRoutesOptions {
  /** Staff calls one address may send per minute. */
  perMinute: number;
  /** YouTube's oEmbed endpoint (a local fake in tests). */
  oembedUrl: string;
}

const actorOf = (request: FastifyRequest): StaffActor => ({
  // The auth check found this person on the team by their email, so they have one.
  email: signedInUser(request).email ?? '',
  brand: requestBrand(request),
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A refusal the repositories explain becomes the envelope's message, with its code. */
function explained(error: unknown): never {
  if (error instanceof CatalogueEditError) throw new HttpError(error.statusCode, error.message);
  if (error instanceof StaffRecordNotFound) throw new HttpError(404, error.message);
  throw error;
}

/** The team's console: the inbox, the catalogue, the news and network, and the audit log. */
export default async function staffRoutes(
  app: FastifyInstance,
  { perMinute, oembedUrl }: StaffRoutesOptions,
) {
  const register = <Call extends CallDefinition>(call: Call, handler: CallHandler<Call>) =>
    registerCall(
      app,
      call,
      (input, request, reply) => handler(input, request, reply).catch(explained),
      {
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      },
    );

  // Inbox -------------------------------------------------------------------------

  register(calls.staffInbox, async ({ kind, state, page }, request) => {
    const { items, total } = await app.inbox.page(requestBrand(request), { kind, state, page });
    return ok({ items, total, page, page_size: STAFF_PAGE_SIZE });
  });

  register(calls.staffInboxUpdate, async ({ id, state, note }, request) => {
    const actor = actorOf(request);
    const catalogue = app.catalogue.of(actor.brand);
    const origin = originOf(request);
    // Read from the serving copy, not the database: this runs inside the update's transaction.
    const item = await app.inbox.update(actor, id, { state, note }, async (youtubeId) => {
      const summary = youtubeId ? catalogue.snapshot.summary(youtubeId) : undefined;
      // The song's page when the requested video is in the catalogue, else the site itself.
      return summary
        ? `${origin}/song?s=${summary.youtube_url}&p=${summary.category_id}`
        : `${origin}/`;
    });
    if (!item) throw new HttpError(404, 'There is no such inbox item.');
    return ok(item, 'Saved.');
  });

  register(calls.staffInboxRemoveSong, async ({ id }, request) => {
    const actor = actorOf(request);
    const item = await app.inbox.get(actor.brand, id);
    if (!item) throw new HttpError(404, 'There is no such inbox item.');
    if (!item.song) {
      throw new HttpError(404, 'The reported song is not in the catalogue (any more).');
    }
    await app.catalogueEditor.removeReportedSong(actor, item);
    return ok((await app.inbox.get(actor.brand, id))!, 'The song was removed from the site.');
  });

  // Catalogue ---------------------------------------------------------------------

  register(calls.staffPlaylists, async (_input, request) =>
    ok(await app.catalogueEditor.playlists(requestBrand(request))),
  );

  register(calls.staffPlaylistSongs, async ({ p }, request) => {
    const found = await app.catalogueEditor.playlistSongs(requestBrand(request), p);
    if (!found) throw new HttpError(404, `There is no playlist "${p}".`);
    return ok(found);
  });

  register(calls.staffPlaylistCreate, async (fields, request) =>
    ok(await app.catalogueEditor.createPlaylist(actorOf(request), fields), 'Playlist created.'),
  );

  register(calls.staffPlaylistUpdate, async (fields, request) =>
    ok(await app.catalogueEditor.updatePlaylist(actorOf(request), fields), 'Playlist saved.'),
  );

  register(calls.staffPlaylistDelete, async ({ id }, request) => {
    await app.catalogueEditor.deletePlaylist(actorOf(request), id);
    return ok(null, 'Playlist deleted.');
  });

  register(calls.staffPlaylistMove, async ({ id, direction }, request) => {
    await app.catalogueEditor.movePlaylist(actorOf(request), id, direction);
    return ok(null);
  });

  register(calls.staffSongLookup, async ({ url: youtubeId }) => {
    try {
      return ok({ youtube_url: youtubeId, ...(await lookUpVideo(oembedUrl, youtubeId)) });
    } catch (error) {
      if (error instanceof VideoLookupError) throw new HttpError(404, error.message);
      throw error;
    }
  });

  register(calls.staffSongAdd, async (song, request) => {
    const added = await app.catalogueEditor.addSong(actorOf(request), {
      youtubeId: song.url,
      playlistId: song.p,
      title: song.title,
      authorName: song.author_name,
      durationSeconds: song.duration,
      description: song.description,
    });
    const { youtube_url, title, author_name, category_id, duration } = added;
    return ok({ youtube_url, title, author_name, category_id, duration }, 'Song added.');
  });

  register(calls.staffSongMove, async ({ s, p, to }, request) => {
    await app.catalogueEditor.moveSong(actorOf(request), s, p, to);
    return ok(null, 'Song moved.');
  });

  register(calls.staffSongReorder, async ({ s, p, direction }, request) => {
    await app.catalogueEditor.reorderSong(actorOf(request), s, p, direction);
    return ok(null);
  });

  register(calls.staffSongRemove, async ({ s }, request) => {
    await app.catalogueEditor.removeSong(actorOf(request), s);
    return ok(null, 'Song removed.');
  });

  // News, network and supporters -------------------------------------------------------

  register(calls.staffFeed, async () => ok(await app.staffNetwork.feed()));

  register(calls.staffFeedSave, async ({ id, image, title, content, url }, request) =>
    ok(
      await app.staffNetwork.saveFeedItem(actorOf(request), id, { image, title, content, url }),
      'News item saved.',
    ),
  );

  register(calls.staffFeedDelete, async ({ id }, request) => {
    await app.staffNetwork.deleteFeedItem(actorOf(request), id);
    return ok(null, 'News item deleted.');
  });

  register(calls.staffNetwork, async () => ok(await app.staffNetwork.network()));

  register(calls.staffMemberSave, async ({ firebase_auth_token: _token, ...member }, request) =>
    ok(await app.staffNetwork.saveMember(actorOf(request), member), 'Member saved.'),
  );

  register(calls.staffMemberDelete, async ({ channel_id }, request) => {
    await app.staffNetwork.deleteMember(actorOf(request), channel_id);
    return ok(null, 'Member deleted.');
  });

  register(
    calls.staffTestimonialSave,
    async ({ firebase_auth_token: _token, id, ...testimonial }, request) =>
      ok(
        await app.staffNetwork.saveTestimonial(actorOf(request), id, testimonial),
        'Testimonial saved.',
      ),
  );

  register(calls.staffTestimonialDelete, async ({ id }, request) => {
    await app.staffNetwork.deleteTestimonial(actorOf(request), id);
    return ok(null, 'Testimonial deleted.');
  });

  register(calls.staffSubscribers, async () => ok(await app.staffNetwork.subscribers()));

  register(calls.staffSiteDisable, async ({ domain_name }, request) => {
    await app.staffNetwork.disableSite(actorOf(request), domain_name);
    return ok(null, 'The site is disabled.');
  });

  // Audit log --------------------------------------------------------------------

  register(calls.staffLog, async ({ page }, request) => {
    const { entries, total } = await app.auditLog.page(requestBrand(request), page);
    return ok({ entries, total, page, page_size: STAFF_PAGE_SIZE });
  });
}
