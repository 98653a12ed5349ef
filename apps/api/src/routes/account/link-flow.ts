import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, type calls } from '@fansite/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedInUser } from '../../plugins/app/auth.ts';
import {
  describeFailure,
  HttpError,
  ok,
  sendEnvelope,
  SERVER_ERROR_MESSAGE,
} from '../../plugins/app/envelope.ts';
import type { PendingLink } from '../../repositories/link-states.ts';
import { registerCall } from '../register-call.ts';

/**
 * What the account links to other services (Discord, Patreon; OAuth2 authorization code) share:
 * a one-time state, kept as a hash, bound to the account and to the browser that started the
 * link, and a return to a page of this deployment's own sites with a message, whatever happened.
 */

/** How long a started link may take to come back. */
const STATE_LIFETIME_MS = 10 * 60 * 1000;
const STATE_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

const newState = () => randomBytes(32).toString('base64url');
/** Only the hash is stored, so the table alone cannot be used to finish someone's link. */
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export const UNKNOWN_SITE_MESSAGE =
  'This address is not one of this site’s. Open your account page on the site and start the link from there.';

/**
 * The public origin of the site a request came to, from the deployment's configured addresses
 * (`PUBLIC_URL`), or from the Host and the scheme a trusted proxy forwarded on a local machine;
 * undefined for a host the deployment does not serve.
 */
const siteOriginOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.publicSites.originOf(request.host, request.protocol);

/**
 * Where to come back after the other service: a page of one of this deployment's own sites, at
 * the port of the site the request came to (on a developer's machine, another port of localhost
 * is another server). Anything else (another host, another scheme, nonsense) falls back to the
 * account page of the site the request came from, so a link cannot send someone elsewhere.
 */
function returnAddress(app: FastifyInstance, returnTo: string | undefined, siteOrigin: string) {
  const fallback = `${siteOrigin}/account`;
  if (!returnTo || !URL.canParse(returnTo, siteOrigin)) return fallback;
  const url = new URL(returnTo, siteOrigin);
  const samePort = url.port === new URL(siteOrigin).port;
  return samePort && app.publicSites.isOwnOrigin(url.origin) ? url.href : fallback;
}

/** The return address with the message the account sidebar shows. */
function withMessage(address: string, kind: 'success' | 'error', text: string) {
  const url = new URL(address);
  url.searchParams.delete('success');
  url.searchParams.delete('error');
  url.searchParams.set(kind, text);
  return url.href;
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

/**
 * The browser that starts a link keeps a random nonce in a cookie sent only to the callback and
 * never readable by scripts; the state's row holds its hash. Without it, a state started by one
 * account and finished with another person's code would link that person's account to the first.
 */
function browserBinding(cookieName: string, callbackPath: string) {
  const cookie = (value: string, siteOrigin: string, maxAgeSeconds: number) =>
    [
      `${cookieName}=${value}`,
      `Path=${callbackPath}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(siteOrigin.startsWith('https:') ? ['Secure'] : []),
    ].join('; ');
  return {
    /** Gives the browser a new nonce; returns the hash to keep with the state. */
    bind(reply: FastifyReply, siteOrigin: string): string {
      const nonce = newState();
      reply.header('set-cookie', cookie(nonce, siteOrigin, Math.floor(STATE_LIFETIME_MS / 1000)));
      return hashState(nonce);
    },
    /** The nonce has done its work, whatever happens next. */
    clear(reply: FastifyReply, siteOrigin: string) {
      reply.header('set-cookie', cookie('', siteOrigin, 0));
    },
    /** Whether the browser's cookie holds the nonce whose hash the state was issued with. */
    isStartingBrowser(request: FastifyRequest, browserNonceHash: string): boolean {
      const nonce = cookieValue(request, cookieName);
      if (!nonce || !STATE_PATTERN.test(nonce)) return false;
      const expected = Buffer.from(browserNonceHash);
      const actual = Buffer.from(hashState(nonce));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** The sentences a link's callback shows, in the service's name. */
export function linkMessages(service: string) {
  return {
    notAvailable: `${service} linking is not available.`,
    stale: `This ${service} link has expired or was already used. Please start again from your account page.`,
    otherBrowser: `This ${service} link was started in another browser. Please start again from your account page here.`,
  };
}

interface LinkMessage {
  kind: 'success' | 'error';
  text: string;
}
export const linkFailed = (text: string): LinkMessage => ({ kind: 'error', text });

/** The contract's call that starts a link: the address to send the browser to. */
type AuthorizeCall = typeof calls.accountDiscordAuthorize | typeof calls.accountPatreonAuthorize;

/**
 * Both halves of linking an account to another service (OAuth2 authorization code):
 *
 * - `authorize` (a call of the contract) keeps a one-time state, as a hash, bound to the
 *   signed-in account, to the browser (`browserBinding`) and to the page to come back to, and
 *   answers the service's authorization address, which carries the state;
 * - the callback (`callbackPath`, under the API prefix), where the service sends the browser
 *   back, takes the state once and always answers with a redirect to a page of the site with a
 *   message, whatever went wrong: a reloaded or forged state, another browser, a refusal at the
 *   service, a failure of ours.
 */
export function registerAccountLink(
  app: FastifyInstance,
  options: {
    service: string;
    authorize: AuthorizeCall;
    callbackPath: string;
    cookieName: string;
    states: {
      saveState(stateHash: string, link: PendingLink, expiresAt: Date): Promise<void>;
      takeState(stateHash: string): Promise<PendingLink | null>;
    };
    /** The service's authorization address; null when the deployment has no client settings. */
    authorizationUrl: ((state: string, redirectUri: string) => string) | null;
    /** Finishes a link whose state was the starting browser's; the message to show. */
    finish(request: FastifyRequest, pending: PendingLink): Promise<LinkMessage>;
  },
) {
  const { service, callbackPath, states, authorizationUrl } = options;
  const messages = linkMessages(service);
  const binding = browserBinding(options.cookieName, `${API_PREFIX}${callbackPath}`);

  registerCall(app, options.authorize, async ({ return_to }, request, reply) => {
    if (!authorizationUrl) throw new HttpError(404, messages.notAvailable);
    const { uid } = signedInUser(request);
    const siteOrigin = siteOriginOf(app, request);
    if (!siteOrigin) throw new HttpError(400, UNKNOWN_SITE_MESSAGE);
    const redirectUri = `${siteOrigin}${API_PREFIX}${callbackPath}`;
    const state = newState();
    await states.saveState(
      hashState(state),
      {
        userUid: uid,
        returnTo: returnAddress(app, return_to, siteOrigin),
        redirectUri,
        browserNonceHash: binding.bind(reply, siteOrigin),
      },
      new Date(Date.now() + STATE_LIFETIME_MS),
    );
    return ok({ url: authorizationUrl(state, redirectUri) });
  });

  app.get(callbackPath, async (request, reply) => {
    const siteOrigin = siteOriginOf(app, request);
    // No page of ours to go back to: a request on a host we do not serve is no visitor's.
    if (!siteOrigin) return sendEnvelope(reply, 400, UNKNOWN_SITE_MESSAGE);
    binding.clear(reply, siteOrigin);
    const goTo = (address: string, { kind, text }: LinkMessage): FastifyReply =>
      reply
        .code(303)
        .header('location', withMessage(address, kind, text))
        .send();
    // A failure on our side still brings the visitor back, with a message instead of a crash.
    const onOurSide = (error: unknown): LinkMessage => {
      request.log.error({ failure: describeFailure(error) }, `${service} link failed`);
      return linkFailed(SERVER_ERROR_MESSAGE);
    };
    const accountPage = `${siteOrigin}/account`;

    if (!authorizationUrl) return goTo(accountPage, linkFailed(messages.notAvailable));
    const state = (request.query as Record<string, unknown>).state;
    if (typeof state !== 'string' || !STATE_PATTERN.test(state)) {
      return goTo(accountPage, linkFailed(messages.stale));
    }
    let pending: PendingLink | null;
    try {
      pending = await states.takeState(hashState(state));
    } catch (error) {
      return goTo(accountPage, onOurSide(error));
    }
    if (!pending) return goTo(accountPage, linkFailed(messages.stale));
    if (!binding.isStartingBrowser(request, pending.browserNonceHash)) {
      return goTo(pending.returnTo, linkFailed(messages.otherBrowser));
    }
    return goTo(pending.returnTo, await options.finish(request, pending).catch(onOurSide));
  });
}
