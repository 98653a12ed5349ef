import { API_PREFIX, calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import {
  authorizationUrl,
  DiscordLinkError,
  identityForCode,
  type DiscordOAuthConfig,
} from '../../discord/oauth.ts';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { registerCall } from '../register-call.ts';
import {
  browserBinding,
  hashState,
  linkFailed,
  linkMessages,
  newState,
  registerLinkCallback,
  returnAddress,
  siteOriginOf,
  STATE_LIFETIME_MS,
  UNKNOWN_SITE_MESSAGE,
} from './link-flow.ts';

const LINK_DISCORD_PATH = '/account/link_discord';
const CALLBACK_PATH = `${API_PREFIX}${LINK_DISCORD_PATH}`;
const browser = browserBinding('discord_link_nonce', CALLBACK_PATH);

const messages = linkMessages('Discord');
export const STALE_STATE_MESSAGE = messages.stale;
export const OTHER_BROWSER_MESSAGE = messages.otherBrowser;
export const CANCELLED_MESSAGE = 'Discord linking was cancelled.';
const REFUSED_MESSAGE = 'Discord did not accept the link. Please try again.';
export const ALREADY_LINKED_MESSAGE =
  'This Discord account is already linked to another account on this site.';
const NOT_AVAILABLE_MESSAGE = messages.notAvailable;

/**
 * Discord linking (OAuth2 authorization code, scope identify). The state names a row that binds
 * the link to the signed-in account, to the browser that started it (a nonce cookie) and to the
 * page to come back to; the callback always brings the browser back to a page of the site with
 * a message, whatever went wrong.
 */
export function registerDiscordLinkRoutes(
  app: FastifyInstance,
  discord: DiscordOAuthConfig | null,
) {
  registerCall(app, calls.accountDiscordAuthorize, async ({ return_to }, request, reply) => {
    if (!discord) throw new HttpError(404, NOT_AVAILABLE_MESSAGE);
    const { uid } = signedInUser(request);
    const siteOrigin = siteOriginOf(app, request);
    if (!siteOrigin) throw new HttpError(400, UNKNOWN_SITE_MESSAGE);
    const redirectUri = `${siteOrigin}${CALLBACK_PATH}`;
    const state = newState();
    await app.discordLinks.saveState(
      hashState(state),
      {
        userUid: uid,
        returnTo: returnAddress(app, return_to, siteOrigin),
        redirectUri,
        browserNonceHash: browser.bind(reply, siteOrigin),
      },
      new Date(Date.now() + STATE_LIFETIME_MS),
    );
    return ok({ url: authorizationUrl(discord, state, redirectUri) });
  });

  registerLinkCallback(app, {
    path: LINK_DISCORD_PATH,
    service: 'Discord',
    binding: browser,
    available: discord !== null,
    takeState: (stateHash) => app.discordLinks.takeState(stateHash),
    async finish(request, pending) {
      const query = request.query as Record<string, unknown>;
      // RFC 6749 4.1.2.1: Discord comes back with `error` and no code; access_denied when the
      // person pressed Cancel.
      if (query.error !== undefined) {
        return linkFailed(query.error === 'access_denied' ? CANCELLED_MESSAGE : REFUSED_MESSAGE);
      }
      const code = typeof query.code === 'string' ? query.code : '';
      if (!discord || !code || code.length > 200) return linkFailed(REFUSED_MESSAGE);
      try {
        const identity = await identityForCode(discord, code, pending.redirectUri);
        const outcome = await app.discordLinks.link(pending.userUid, identity.id, identity.name);
        if (outcome === 'taken') return linkFailed(ALREADY_LINKED_MESSAGE);
        return { kind: 'success', text: `Your Discord account ${identity.name} is now linked.` };
      } catch (error) {
        if (error instanceof DiscordLinkError) return linkFailed(error.message);
        throw error;
      }
    },
  });
}
