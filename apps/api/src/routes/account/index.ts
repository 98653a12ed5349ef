import { API_PREFIX, calls } from '@fansite/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authorizationUrl,
  DiscordLinkError,
  hashState,
  identityForCode,
  newState,
  STATE_LIFETIME_MS,
  type DiscordOAuthConfig,
} from '../../discord/oauth.ts';
import { HttpError, ok, sendEnvelope } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { registerCall } from '../register-call.ts';

export interface AccountRoutesOptions {
  /** The Discord application; null when linking is not configured. */
  discord: DiscordOAuthConfig | null;
}

const LINK_DISCORD_PATH = '/account/link_discord';
const STATE_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
export const STALE_STATE_MESSAGE =
  'This Discord link has expired or was already used. Please start again from your account page.';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Where to come back after Discord: a page of the site the visitor is on. Anything else (another
 * host, another scheme, nonsense) falls back to the account page, so the link cannot be used to
 * send someone elsewhere.
 */
function safeReturnTo(returnTo: string | undefined, origin: string): string {
  const fallback = `${origin}/account`;
  if (!returnTo) return fallback;
  try {
    const url = new URL(returnTo, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

function withMessage(address: string, kind: 'success' | 'error', text: string) {
  const url = new URL(address);
  url.searchParams.delete('success');
  url.searchParams.delete('error');
  url.searchParams.set(kind, text);
  return url.href;
}

/** The account info of docs/calls.md, records and Discord linking (OAuth2, scope identify). */
export default async function accountRoutes(
  app: FastifyInstance,
  { discord }: AccountRoutesOptions,
) {
  registerCall(app, calls.accountInfo, async (_input, request) => {
    const { uid } = signedInUser(request);
    const [info, subscriber, staff] = await Promise.all([
      app.discordLinks.info(uid),
      app.users.isSubscriber(uid),
      app.users.isStaff(uid),
    ]);
    return ok({ ...info, subscriber, staff, discord_linking: discord !== null });
  });

  registerCall(app, calls.accountDisconnectDiscord, async (_input, request) => {
    await app.discordLinks.unlink(signedInUser(request).uid);
    return ok(null, 'Your Discord account has been disconnected.');
  });

  registerCall(app, calls.accountDiscordAuthorize, async ({ return_to }, request) => {
    if (!discord) throw new HttpError(404, 'Discord linking is not available.');
    const { uid } = signedInUser(request);
    const origin = originOf(request);
    const redirectUri = `${origin}${API_PREFIX}${LINK_DISCORD_PATH}`;
    const state = newState();
    await app.discordLinks.saveState(
      hashState(state),
      { userUid: uid, returnTo: safeReturnTo(return_to, origin), redirectUri },
      new Date(Date.now() + STATE_LIFETIME_MS),
    );
    return ok({ url: authorizationUrl(discord, state, redirectUri) });
  });

  // Discord sends the browser here; the answer is a redirect back to the page it came from.
  app.get(LINK_DISCORD_PATH, async (request, reply) => {
    if (!discord) return sendEnvelope(reply, 404, 'Discord linking is not available.');
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    if (!STATE_PATTERN.test(state)) return sendEnvelope(reply, 400, STALE_STATE_MESSAGE);
    const pending = await app.discordLinks.takeState(hashState(state));
    if (!pending) return sendEnvelope(reply, 400, STALE_STATE_MESSAGE);

    const back = (kind: 'success' | 'error', text: string) =>
      reply
        .code(303)
        .header('location', withMessage(pending.returnTo, kind, text))
        .send();
    const code = typeof query.code === 'string' ? query.code : '';
    if (query.error !== undefined || !code || code.length > 200) {
      return back('error', 'Discord linking was cancelled.');
    }
    try {
      const identity = await identityForCode(discord, code, pending.redirectUri);
      await app.discordLinks.link(pending.userUid, identity.id, identity.name);
      return back('success', `Your Discord account ${identity.name} is now linked.`);
    } catch (error) {
      if (error instanceof DiscordLinkError) return back('error', error.message);
      throw error;
    }
  });
}
