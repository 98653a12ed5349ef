import { timingSafeEqual } from 'node:crypto';
import { API_PREFIX, calls } from '@fansite/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authorizationUrl,
  DiscordLinkError,
  hashState,
  identityForCode,
  newState,
  STATE_LIFETIME_MS,
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

const LINK_DISCORD_PATH = '/account/link_discord';
const CALLBACK_PATH = `${API_PREFIX}${LINK_DISCORD_PATH}`;
const STATE_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
/**
 * The browser that starts a link keeps a random nonce in this cookie; the state's row holds its
 * hash. Sent only to the callback, never readable by scripts.
 */
const NONCE_COOKIE = 'discord_link_nonce';

export const STALE_STATE_MESSAGE =
  'This Discord link has expired or was already used. Please start again from your account page.';
export const OTHER_BROWSER_MESSAGE =
  'This Discord link was started in another browser. Please start again from your account page here.';
export const CANCELLED_MESSAGE = 'Discord linking was cancelled.';
const REFUSED_MESSAGE = 'Discord did not accept the link. Please try again.';
export const ALREADY_LINKED_MESSAGE =
  'This Discord account is already linked to another account on this site.';
export const UNKNOWN_SITE_MESSAGE =
  'This address is not one of this site’s. Open your account page on the site and link Discord from there.';
const NOT_AVAILABLE_MESSAGE = 'Discord linking is not available.';

/**
 * The public origin of the site a request came to, from the deployment's configured addresses
 * (`PUBLIC_URL`), or from the Host and the scheme a trusted proxy forwarded on a local machine;
 * undefined for a host the deployment does not serve.
 */
const siteOriginOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.publicSites.originOf(request.host, request.protocol);

/**
 * Where to come back after Discord: a page of one of this deployment's own sites, at the port of
 * the site the request came to (on a developer's machine, another port of localhost is another
 * server). Anything else (another host, another scheme, nonsense) falls back to the account page
 * of the site the request came from, so the link cannot be used to send someone elsewhere.
 */
function returnAddress(app: FastifyInstance, returnTo: string | undefined, siteOrigin: string) {
  const fallback = `${siteOrigin}/account`;
  if (!returnTo || !URL.canParse(returnTo, siteOrigin)) return fallback;
  const url = new URL(returnTo, siteOrigin);
  const samePort = url.port === new URL(siteOrigin).port;
  return samePort && app.publicSites.isOwnOrigin(url.origin) ? url.href : fallback;
}

function withMessage(address: string, kind: 'success' | 'error', text: string) {
  const url = new URL(address);
  url.searchParams.delete('success');
  url.searchParams.delete('error');
  url.searchParams.set(kind, text);
  return url.href;
}

function nonceCookie(value: string, siteOrigin: string, maxAgeSeconds: number) {
  return [
    `${NONCE_COOKIE}=${value}`,
    `Path=${CALLBACK_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(siteOrigin.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/** Whether the browser's cookie holds the nonce whose hash the state was issued with. */
function isStartingBrowser(request: FastifyRequest, browserNonceHash: string): boolean {
  const nonce = cookieValue(request, NONCE_COOKIE);
  if (!nonce || !STATE_PATTERN.test(nonce)) return false;
  const expected = Buffer.from(browserNonceHash);
  const actual = Buffer.from(hashState(nonce));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

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
    const browserNonce = newState();
    await app.discordLinks.saveState(
      hashState(state),
      {
        userUid: uid,
        returnTo: returnAddress(app, return_to, siteOrigin),
        redirectUri,
        browserNonceHash: hashState(browserNonce),
      },
      new Date(Date.now() + STATE_LIFETIME_MS),
    );
    reply.header(
      'set-cookie',
      nonceCookie(browserNonce, siteOrigin, Math.floor(STATE_LIFETIME_MS / 1000)),
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
    if (!isStartingBrowser(request, pending.browserNonceHash)) {
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
    // The nonce has done its work whatever happens next.
    reply.header('set-cookie', nonceCookie('', siteOrigin, 0));
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
