import { z } from 'zod';
import {
  AccountLinkError,
  authorizationUrl as oauthAuthorizationUrl,
  exchangeCode,
  readWithToken,
} from '../oauth2/code-grant.ts';
import type { PatreonOAuthConfig } from './config.ts';
import { memberResourceSchema, type MemberResource } from './membership.ts';

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
  return oauthAuthorizationUrl(config, { scope: SCOPES, state, redirectUri });
}

export interface PatreonIdentity {
  userId: string;
  name: string;
  memberships: MemberResource[];
}

const identitySchema = z.object({
  data: z.object({
    type: z.literal('user'),
    id: z.string().regex(/^\d{1,32}$/),
    attributes: z.object({ full_name: z.string().nullable().optional() }).optional(),
  }),
  included: z.array(z.unknown()).optional(),
});

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
  const token = await exchangeCode('Patreon', config, {
    tokenUrl: `${api}/token`,
    code,
    redirectUri,
  });
  const identityUrl = new URL(`${api}/v2/identity`);
  identityUrl.search = new URLSearchParams({
    include: 'memberships,memberships.campaign',
    'fields[user]': 'full_name',
    'fields[member]': MEMBER_FIELDS,
  }).toString();
  const parsed = identitySchema.safeParse(await readWithToken('Patreon', identityUrl.href, token));
  if (!parsed.success) {
    throw new AccountLinkError('Patreon did not tell us who you are. Please try again.');
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
