import { z } from 'zod';
import type { PatreonOAuthConfig } from './config.ts';
import { memberResourceSchema, type MemberResource } from './membership.ts';

const PROVIDER_TIMEOUT_MS = 10_000;
/** The identity and the memberships to every campaign (the site's are picked out of them). */
const SCOPES = 'identity identity.memberships';
const MEMBER_FIELDS = [
  'patron_status',
  'last_charge_status',
  'last_charge_date',
  'next_charge_date',
  'pledge_cadence',
  'currently_entitled_amount_cents',
].join(',');

export function authorizationUrl(config: PatreonOAuthConfig, state: string, redirectUri: string) {
  const url = new URL(config.oauthUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    scope: SCOPES,
    state,
    redirect_uri: redirectUri,
  }).toString();
  return url.href;
}

export interface PatreonIdentity {
  userId: string;
  name: string;
  memberships: MemberResource[];
}

/** Raised when Patreon refuses or cannot be reached; its message is safe to show. */
export class PatreonLinkError extends Error {}

const identitySchema = z.object({
  data: z.object({
    type: z.literal('user'),
    id: z.string().regex(/^\d{1,32}$/),
    attributes: z.object({ full_name: z.string().nullable().optional() }).optional(),
  }),
  included: z.array(z.unknown()).optional(),
});

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new PatreonLinkError('Patreon could not be reached. Please try again.');
  }
}

/**
 * Exchanges the authorization code for a token and reads who it belongs to, with their
 * memberships (API v2 identity, `include=memberships.campaign`). Both requests go from the
 * server with the client secret; neither the code nor the token leaves this function.
 */
export async function identityForCode(
  config: PatreonOAuthConfig,
  code: string,
  redirectUri: string,
): Promise<PatreonIdentity> {
  const api = config.apiUrl.replace(/\/$/, '');
  const tokenResponse = await call(`${api}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
  });
  const token = (tokenResponse.ok ? await tokenResponse.json().catch(() => ({})) : {}) as {
    access_token?: unknown;
  };
  if (typeof token.access_token !== 'string') {
    throw new PatreonLinkError('Patreon did not accept the link. Please try again.');
  }
  const identityUrl = new URL(`${api}/v2/identity`);
  identityUrl.search = new URLSearchParams({
    include: 'memberships,memberships.campaign',
    'fields[user]': 'full_name',
    'fields[member]': MEMBER_FIELDS,
  }).toString();
  const identityResponse = await call(identityUrl.href, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const parsed = identitySchema.safeParse(
    identityResponse.ok ? await identityResponse.json().catch(() => null) : null,
  );
  if (!parsed.success) {
    throw new PatreonLinkError('Patreon did not tell us who you are. Please try again.');
  }
  const { data, included = [] } = parsed.data;
  // Other included resources (campaigns) and members this site cannot read are left out.
  const memberships = included.flatMap((resource) => {
    const member = memberResourceSchema.safeParse(resource);
    return member.success ? [member.data] : [];
  });
  return {
    userId: data.id,
    name: (data.attributes?.full_name || `Patreon user ${data.id}`).slice(0, 100),
    memberships,
  };
}
