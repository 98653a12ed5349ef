import {
  SUBSCRIBER_SITE_MAX_PLAYLISTS,
  SUBSCRIBER_SITE_MAX_VIDEOS,
  calls,
  type PlaylistCard,
} from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { registerCall, requestBrand } from '../register-call.ts';

const SITE_NOT_FOUND_MESSAGE = 'There is no site by this name.';

/** Up to `count` items in random order (a partial Fisher-Yates shuffle of a copy). */
function pickRandom<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = Math.floor(Math.random() * pool.length);
    picked.push(pool[index]!);
    pool[index] = pool[pool.length - 1]!;
    pool.pop();
  }
  return picked;
}

/** The playlist's own image, else its first song's thumbnail (as the main site shows it). */
const thumbnailOf = (playlist: PlaylistCard, firstSong: string) =>
  playlist.image_url || `https://i.ytimg.com/vi/${encodeURIComponent(firstSong)}/hqdefault.jpg`;

export default async function subscriberRoutes(app: FastifyInstance) {
  registerCall(app, calls.subscriberSites, async () => ok(await app.supporters.withEnabledSites()));

  registerCall(app, calls.subscriberInfo, async ({ domain_name }, request) => {
    const site = await app.subscriberSites.findEnabled(domain_name);
    // A site that exists but is not enabled answers exactly like one that does not exist.
    if (!site) throw new HttpError(404, SITE_NOT_FOUND_MESSAGE);
    const [feed, playlists] = await Promise.all([
      app.channelFeeds.videos(site.data.youtube, site.youtubeChannelId),
      // The main-site playlists of the brand whose host the site is on.
      app.catalogue.of(requestBrand(request)).listPlaylists({}),
    ]);
    const videos = Object.fromEntries(Object.entries(feed).slice(0, SUBSCRIBER_SITE_MAX_VIDEOS));
    // An empty playlist is not worth sending a visitor to.
    const withSongs = playlists.flatMap((playlist) =>
      playlist.youtube_url ? [{ playlist, firstSong: playlist.youtube_url }] : [],
    );
    return ok({
      videos,
      playlists: pickRandom(withSongs, SUBSCRIBER_SITE_MAX_PLAYLISTS).map(
        ({ playlist, firstSong }) => ({
          url: `/playlist?p=${encodeURIComponent(playlist.id)}`,
          title: playlist.category_name,
          thumbnail: thumbnailOf(playlist, firstSong),
        }),
      ),
      profile_pic: site.profilePic,
      data: site.data,
    });
  });
}
