import { API_PREFIX, calls } from '@fansite/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authorizationUrl,
  DiscordLinkError,
  identityForCode,
  type DiscordOAuthConfig,
} from '../../discord/oauth.ts';
import {
  describeFailure,
  HttpError,
  ok,
  sendEnvelope,
  SERVER_ERROR_MESSAGE,
} from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import type { PendingLink } from '../../repositories/discord-links.ts';
import { registerCall } from '../register-call.ts';
import {
  browserBinding,
  hashState,
  newState,
  returnAddress,
  siteOriginOf,
  STATE_LIFETIME_MS,
  STATE_PATTERN,
  UNKNOWN_SITE_MESSAGE,
  withMessage,
} from './link-flow.ts';

const LINK_DISCORD_PATH = '/account/link_discord';
const CALLBACK_PATH = `${API_PREFIX}${LINK_DISCORD_PATH}`;
const browser = browserBinding('discord_link_nonce', CALLBACK_PATH);

export const STALE_STATE_MESSAGE =
  'This Discord link has expired or was already used. Please start again from your account page.';
export const OTHER_BROWSER_MESSAGE =
  'This Discord link was started in another browser. Please start again from your account page here.';
export const CANCELLED_MESSAGE = 'Discord linking was cancelled.';
const REFUSED_MESSAGE = 'Discord did not accept the link. Please try again.';
export const ALREADY_LINKED_MESSAGE =
  'This Discord account is already linked to another account on this site.';
const NOT_AVAILABLE_MESSAGE = 'Discord linking is not available.';

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

  type Message = { kind: 'success' | 'error'; text: string };
  const failed = (text: string): Message => ({ kind: 'error', text });

  /** What came of a callback whose state was the starting browser's, as the message to show. */
  async function finishLink(
    request: FastifyRequest,
    config: DiscordOAuthConfig,
    pending: PendingLink,
  ): Promise<Message> {
    if (!browser.isStartingBrowser(request, pending.browserNonceHash)) {
      return failed(OTHER_BROWSER_MESSAGE);
    }
    const query = request.query as Record<string, unknown>;
    // RFC 6749 4.1.2.1: Discord comes back with `error` and no code; access_denied when the
    // person pressed Cancel.
    if (query.error !== undefined) {
      return failed(query.error === 'access_denied' ? CANCELLED_MESSAGE : REFUSED_MESSAGE);
    }
    const code = typeof query.code === 'string' ? query.code : '';
    if (!code || code.length > 200) return failed(REFUSED_MESSAGE);
    try {
      const identity = await identityForCode(config, code, pending.redirectUri);
      const outcome = await app.discordLinks.link(pending.userUid, identity.id, identity.name);
      if (outcome === 'taken') return failed(ALREADY_LINKED_MESSAGE);
      return { kind: 'success', text: `Your Discord account ${identity.name} is now linked.` };
    } catch (error) {
      if (error instanceof DiscordLinkError) return failed(error.message);
      throw error;
    }
  }

  // Discord sends the browser here; the answer is always a redirect to a page of the site.
  app.get(LINK_DISCORD_PATH, async (request, reply) => {
    const siteOrigin = siteOriginOf(app, request);
    // No page of ours to go back to: a request on a host we do not serve is no visitor's.
    if (!siteOrigin) return sendEnvelope(reply, 400, UNKNOWN_SITE_MESSAGE);
    browser.clear(reply, siteOrigin);
    const goTo = (address: string, { kind, text }: Message): FastifyReply =>
      reply
        .code(303)
        .header('location', withMessage(address, kind, text))
        .send();
    // A failure on our side still brings the visitor back, with a message instead of a crash.
    const onOurSide = (error: unknown): Message => {
      request.log.error({ failure: describeFailure(error) }, 'Discord link failed');
      return failed(SERVER_ERROR_MESSAGE);
    };
    const accountPage = `${siteOrigin}/account`;

    if (!discord) return goTo(accountPage, failed(NOT_AVAILABLE_MESSAGE));
    const state = (request.query as Record<string, unknown>).state;
    if (typeof state !== 'string' || !STATE_PATTERN.test(state)) {
      return goTo(accountPage, failed(STALE_STATE_MESSAGE));
    }
    let pending: PendingLink | null;
    try {
      pending = await app.discordLinks.takeState(hashState(state));
    } catch (error) {
      return goTo(accountPage, onOurSide(error));
    }
    if (!pending) return goTo(accountPage, failed(STALE_STATE_MESSAGE));
    return goTo(pending.returnTo, await finishLink(request, discord, pending).catch(onOurSide));
  });
}
