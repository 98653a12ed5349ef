import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { AccountLinkError } from '../../oauth2/code-grant.ts';
import type { PatreonSettings } from '../../patreon/config.ts';
import { membershipState } from '../../patreon/membership.ts';
import { authorizationUrl, identityForCode } from '../../patreon/oauth.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { ok } from '../../plugins/app/envelope.ts';
import { linkFailed, registerAccountLink } from '../account/link-flow.ts';
import { registerCall } from '../register-call.ts';

export interface PatreonLinkRoutesOptions {
  patreon: PatreonSettings;
}

const LINK_PATREON_PATH = '/account/link_patreon';

/**
 * Linking a Patreon account (OAuth2 code grant, like the Discord link: a one-time state bound to
 * the account and the starting browser, kept as a hash, expiring in ten minutes, never logged;
 * the callback always brings the browser back to a page of the site with a message). The
 * callback reads the person's memberships from Patreon's identity endpoint and saves those of the brands' campaigns,
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

  registerAccountLink(app, {
    service: 'Patreon',
    authorize: calls.accountPatreonAuthorize,
    callbackPath: LINK_PATREON_PATH,
    cookieName: 'patreon_link_nonce',
    states: app.patreonMembers,
    authorizationUrl:
      oauth && ((state, redirectUri) => authorizationUrl(oauth, state, redirectUri)),
    async finish(request, pending) {
      const query = request.query as Record<string, unknown>;
      const code = typeof query.code === 'string' ? query.code : '';
      if (!oauth || query.error !== undefined || !code || code.length > 200) {
        return linkFailed('Patreon linking was cancelled.');
      }
      let identity;
      try {
        identity = await identityForCode(oauth, code, pending.redirectUri);
      } catch (error) {
        if (error instanceof AccountLinkError) return linkFailed(error.message);
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
      return {
        kind: 'success',
        text: subscriber
          ? 'Your Patreon account is now linked: thank you for your membership!'
          : 'Your Patreon account is now linked. It has no paid membership of ours yet.',
      };
    },
  });
}
