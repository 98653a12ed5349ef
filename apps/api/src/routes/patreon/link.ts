import { API_PREFIX, calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import type { PatreonSettings } from '../../patreon/config.ts';
import { membershipState } from '../../patreon/membership.ts';
import {
  authorizationUrl,
  hashState,
  identityForCode,
  newState,
  PatreonLinkError,
  STATE_LIFETIME_MS,
} from '../../patreon/oauth.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { HttpError, ok, sendEnvelope } from '../../plugins/app/envelope.ts';
import { originOf, safeReturnTo, withMessage } from '../account/index.ts';
import { registerCall } from '../register-call.ts';

export interface PatreonLinkRoutesOptions {
  patreon: PatreonSettings;
}

const LINK_PATREON_PATH = '/account/link_patreon';
const STATE_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
const NOT_AVAILABLE_MESSAGE = 'Patreon linking is not available.';
const STALE_STATE_MESSAGE =
  'This Patreon link has expired or was already used. Please start again from your account page.';

/**
 * Linking a Patreon account (OAuth2 code grant, like the Discord link: a one-time state bound to
 * the account, kept as a hash, expiring in ten minutes, never logged). The callback reads the
 * person's memberships from Patreon's identity endpoint and saves those of the brands' campaigns,
 * so a paid membership makes them a subscriber at once; later changes arrive by webhook.
 */
export default async function patreonLinkRoutes(
  app: FastifyInstance,
  { patreon }: PatreonLinkRoutesOptions,
) {
  const { oauth, campaignIds } = patreon;

  registerCall(app, calls.accountPatreonInfo, async (_input, request) => {
    const { uid, emailVerified } = signedInUser(request);
    const link = await app.patreonMembers.linkInfo(uid);
    return ok({
      linking: oauth !== null,
      patreon: link.name,
      paid_until: link.paidUntil ? new Date(link.paidUntil).toISOString() : null,
      email_verified: emailVerified,
    });
  });

  registerCall(app, calls.accountDisconnectPatreon, async (_input, request) => {
    if (await app.patreonMembers.unlink(signedInUser(request).uid)) {
      await app.promotionScheduler.replan();
    }
    return ok(null, 'Your Patreon account has been disconnected.');
  });

  registerCall(app, calls.accountPatreonAuthorize, async ({ return_to }, request) => {
    if (!oauth) throw new HttpError(404, NOT_AVAILABLE_MESSAGE);
    const { uid } = signedInUser(request);
    const origin = originOf(request);
    const redirectUri = `${origin}${API_PREFIX}${LINK_PATREON_PATH}`;
    const state = newState();
    await app.patreonMembers.saveState(
      hashState(state),
      { userUid: uid, returnTo: safeReturnTo(return_to, origin), redirectUri },
      new Date(Date.now() + STATE_LIFETIME_MS),
    );
    return ok({ url: authorizationUrl(oauth, state, redirectUri) });
  });

  // Patreon sends the browser here; the answer is a redirect back to the page it came from.
  app.get(LINK_PATREON_PATH, async (request, reply) => {
    if (!oauth) return sendEnvelope(reply, 404, NOT_AVAILABLE_MESSAGE);
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    if (!STATE_PATTERN.test(state)) return sendEnvelope(reply, 400, STALE_STATE_MESSAGE);
    const pending = await app.patreonMembers.takeState(hashState(state));
    if (!pending) return sendEnvelope(reply, 400, STALE_STATE_MESSAGE);

    const back = (kind: 'success' | 'error', text: string) =>
      reply
        .code(303)
        .header('location', withMessage(pending.returnTo, kind, text))
        .send();
    const code = typeof query.code === 'string' ? query.code : '';
    if (query.error !== undefined || !code || code.length > 200) {
      return back('error', 'Patreon linking was cancelled.');
    }
    let identity;
    try {
      identity = await identityForCode(oauth, code, pending.redirectUri);
    } catch (error) {
      if (error instanceof PatreonLinkError) return back('error', error.message);
      throw error;
    }
    for (const membership of identity.memberships) {
      const state = { ...membershipState(membership, null), patreonUserId: identity.userId };
      if (campaignIds.includes(state.campaignId)) await app.patreonMembers.apply(state);
    }
    await app.patreonMembers.link(pending.userUid, identity.userId, identity.name);
    await app.promotionScheduler.replan();
    // The message travels in the address: it names no one (the Patreon box shows the name).
    const subscriber = await app.users.isSubscriber(pending.userUid);
    return back(
      'success',
      subscriber
        ? 'Your Patreon account is now linked: thank you for your membership!'
        : 'Your Patreon account is now linked. It has no paid membership of ours yet.',
    );
  });
}
