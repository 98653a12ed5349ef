import { BRAND_IDS } from '@fansite/brand-config';

/** The Patreon application that links accounts (OAuth2 code grant). */
export interface PatreonOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** The authorization page, `https://www.patreon.com/oauth2/authorize` in production. */
  oauthUrl: string;
  /** The API base, `https://www.patreon.com/api/oauth2` (`/token`, `/v2/identity` under it). */
  apiUrl: string;
}

/** What the server knows about Patreon: the brands' campaigns and the application, if any. */
export interface PatreonSettings {
  /** Campaign ids whose paid members are subscribers; empty accepts the webhook's own campaign. */
  campaignIds: readonly string[];
  /** Null when linking is not configured. */
  oauth: PatreonOAuthConfig | null;
}

const CAMPAIGN_ID = /^\d{1,20}$/;

/**
 * Reads PATREON_CAMPAIGN_IDS: one campaign id for every brand (`123`), or one per brand
 * (`nightcore=123,slowed-reverb=456`). A subscriber of either brand's campaign is a subscriber of
 * the site. Returns the ids, or a sentence saying what is wrong.
 */
export function parseCampaignIds(text: string | undefined): string[] | string {
  if (!text) return [];
  const ids: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [brand, id] = entry.includes('=') ? entry.split('=', 2) : [null, entry];
    if (brand !== null && !(BRAND_IDS as readonly string[]).includes(brand.trim())) {
      return `"${brand.trim()}" is not a brand (${BRAND_IDS.join(', ')})`;
    }
    if (!CAMPAIGN_ID.test(id!.trim())) return `"${id!.trim()}" is not a Patreon campaign id`;
    ids.push(id!.trim());
  }
  return [...new Set(ids)];
}

/** The settings from the environment (config.ts has checked them). */
export function patreonSettings(env: {
  PATREON_CAMPAIGN_IDS?: string;
  PATREON_CLIENT_ID?: string;
  PATREON_CLIENT_SECRET?: string;
  PATREON_OAUTH_URL: string;
  PATREON_API_URL: string;
}): PatreonSettings {
  const campaignIds = parseCampaignIds(env.PATREON_CAMPAIGN_IDS);
  return {
    campaignIds: typeof campaignIds === 'string' ? [] : campaignIds,
    oauth:
      env.PATREON_CLIENT_ID && env.PATREON_CLIENT_SECRET
        ? {
            clientId: env.PATREON_CLIENT_ID,
            clientSecret: env.PATREON_CLIENT_SECRET,
            oauthUrl: env.PATREON_OAUTH_URL,
            apiUrl: env.PATREON_API_URL,
          }
        : null,
  };
}
