import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import type { DiscordOAuthConfig } from '../../discord/oauth.ts';
import { ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { registerCall } from '../register-call.ts';
import { registerDiscordLinkRoutes } from './discord-link.ts';

export interface AccountRoutesOptions {
  /** The Discord application; null when linking is not configured. */
  discord: DiscordOAuthConfig | null;
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

  registerDiscordLinkRoutes(app, discord);
}
