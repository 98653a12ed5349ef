import { calls, YOUTUBE_CHANNEL_LINK_EXAMPLE } from '@fansite/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import type { WebsiteOutcome } from '../../repositories/websites.ts';
import { registerCall } from '../register-call.ts';

const CHANNEL_NOT_FOUND_MESSAGE =
  `YouTube has no channel at this link. Paste your channel's link, such as ${YOUTUBE_CHANNEL_LINK_EXAMPLE}, ` +
  "as YouTube's share menu gives it.";
const YOUTUBE_UNREACHABLE_MESSAGE =
  'YouTube could not be reached to check your channel link. Please try again in a few minutes.';

const YOUTUBE_RETRY_AFTER_SECONDS = 60;

const NAME_TAKEN_MESSAGE = 'This domain name is already taken. Please choose another one.';

function siteOf(outcome: WebsiteOutcome) {
  if (outcome.outcome === 'name-taken') throw new HttpError(409, NAME_TAKEN_MESSAGE);
  if (outcome.outcome === 'not-activated') {
    throw new HttpError(409, 'Your site is not activated yet. Please activate it first.');
  }
  return outcome.site;
}

/** A subscriber's own website settings (docs/product.md, states, website settings). */
export default async function websiteRoutes(app: FastifyInstance) {
  /**
   * The channel id the site's YouTube link names, looked up once when the link changes: the
   * site lists its uploads from the channel's feed, which only a channel id (or a legacy user
   * name) opens. A link YouTube does not know is refused, so the site never shows no videos
   * without a word why.
   */
  async function channelIdOf(
    ownerUid: string,
    youtubeLink: string,
    reply: FastifyReply,
  ): Promise<string | null> {
    const saved = await app.websites.channelOf(ownerUid);
    // Not activated: the save says so, with nothing looked up.
    if (!saved) return null;
    if (saved.youtube === youtubeLink && saved.youtubeChannelId) return saved.youtubeChannelId;
    const resolved = await app.channelResolver.resolve(youtubeLink);
    if (resolved.outcome === 'found') return resolved.channelId;
    if (resolved.outcome === 'not-found') throw new HttpError(400, CHANNEL_NOT_FOUND_MESSAGE);
    reply.header('retry-after', String(YOUTUBE_RETRY_AFTER_SECONDS));
    throw new HttpError(503, YOUTUBE_UNREACHABLE_MESSAGE);
  }

  registerCall(app, calls.websiteGet, async (_input, request, reply) => {
    const site = await app.websites.ofOwner(signedInUser(request).uid);
    if (site) return ok(site);
    // 201 with no data tells the page to show the activation form (docs/product.md, roles).
    reply.code(201);
    return { code: 201, message: 'Your site is not activated yet.', data: null };
  });

  registerCall(app, calls.websiteActivate, async ({ domain_name }, request) => {
    const site = siteOf(await app.websites.activate(signedInUser(request).uid, domain_name));
    return ok(site, 'Your site has been activated!');
  });

  registerCall(app, calls.websiteSave, async (input, request, reply) => {
    const { firebase_auth_token: _token, ...settings } = input;
    const { uid } = signedInUser(request);
    const channelId = await channelIdOf(uid, settings.youtube, reply);
    const site = siteOf(await app.websites.save(uid, settings, channelId));
    return ok(site, 'Your website has been updated!');
  });
}
