import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { AccountLinkError } from '../../oauth2/code-grant.ts';
import { authorizationUrl, identityForCode, type DiscordOAuthConfig } from '../../discord/oauth.ts';
import { linkFailed, linkMessages, registerAccountLink } from './link-flow.ts';

const LINK_DISCORD_PATH = '/account/link_discord';

const messages = linkMessages('Discord');
export const STALE_STATE_MESSAGE = messages.stale;
export const OTHER_BROWSER_MESSAGE = messages.otherBrowser;
export const CANCELLED_MESSAGE = 'Discord linking was cancelled.';
const REFUSED_MESSAGE = 'Discord did not accept the link. Please try again.';
export const ALREADY_LINKED_MESSAGE =
  'This Discord account is already linked to another account on this site.';

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
  registerAccountLink(app, {
    service: 'Discord',
    authorize: calls.accountDiscordAuthorize,
    callbackPath: LINK_DISCORD_PATH,
    cookieName: 'discord_link_nonce',
    states: app.discordLinks,
    authorizationUrl:
      discord && ((state, redirectUri) => authorizationUrl(discord, state, redirectUri)),
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
        if (error instanceof AccountLinkError) return linkFailed(error.message);
        throw error;
      }
    },
  });
}
