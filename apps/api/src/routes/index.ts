import type { CallName } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import type { DiscordOAuthConfig } from '../discord/oauth.ts';
import type { PatreonSettings } from '../patreon/config.ts';
import accountRoutes from './account/index.ts';
import patreonRoutes from './patreon/index.ts';
import patreonLinkRoutes from './patreon/link.ts';
import promotionRoutes from './promotion/index.ts';
import websiteRoutes from './website/index.ts';
import contactRoutes from './contact/index.ts';
import favoriteRoutes from './favorite/index.ts';
import feedRoutes from './feed/index.ts';
import makeRoutes from './make/index.ts';
import memberRoutes from './member/index.ts';
import playlistRoutes from './playlist/index.ts';
import radioRoutes from './radio/index.ts';
import songRoutes from './song/index.ts';
import staffRoutes from './staff/index.ts';
import subscriberRoutes from './subscriber/index.ts';

/**
 * Calls the contract names that have no route yet. The registration test fails for any call that
 * is neither registered nor listed here, and for any listed call that has since been built.
 */
export const CALLS_NOT_BUILT_YET: readonly CallName[] = [];

export interface ApiRoutesOptions {
  /** Contact requests one address may send per minute. */
  contactPerMinute: number;
  /** The Patreon webhook's secret; unset turns the webhook off. */
  patreonWebhookSecret?: string;
  /** The brands' Patreon campaigns and the application that links accounts. */
  patreon: PatreonSettings;
  /** The Discord application that links accounts; null turns linking off. */
  discord: DiscordOAuthConfig | null;
  /** The team's calls: their per-address limit and YouTube's oEmbed endpoint. */
  staff: { perMinute: number; oembedUrl: string };
}

/** Every call of the API; the app registers this under the API prefix. */
export default async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions) {
  await app.register(playlistRoutes);
  await app.register(songRoutes);
  await app.register(favoriteRoutes);
  await app.register(radioRoutes);
  await app.register(contactRoutes, { perMinute: options.contactPerMinute });
  await app.register(memberRoutes);
  await app.register(subscriberRoutes);
  await app.register(feedRoutes);
  await app.register(accountRoutes, { discord: options.discord });
  await app.register(websiteRoutes);
  await app.register(promotionRoutes);
  await app.register(patreonRoutes, {
    secret: options.patreonWebhookSecret,
    campaignIds: options.patreon.campaignIds,
  });
  await app.register(patreonLinkRoutes, { patreon: options.patreon });
  await app.register(makeRoutes);
  await app.register(staffRoutes, options.staff);
}
