import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The samples in ./patreon (README there says where each comes from). */
export type PatreonSample =
  | 'members-pledge-create'
  | 'members-pledge-update'
  | 'members-pledge-delete'
  | 'members-update-free-trial'
  | 'members-create-follower'
  | 'identity-with-memberships';

type Relationships = Record<string, { data: { id: string; type: string } | null }>;

interface JsonApiDocument {
  data: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships: Relationships;
  };
  included: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships?: Relationships;
  }[];
}

export const patreonSample = (name: PatreonSample): JsonApiDocument =>
  JSON.parse(readFileSync(new URL(`./patreon/${name}.json`, import.meta.url), 'utf8'));

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` from now (negative: in the past), as Patreon writes them. */
export const daysFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().replace('Z', '+00:00');

export interface MemberChanges {
  memberId?: string;
  userId?: string;
  campaignId?: string;
  /** null removes the attribute, as without the `campaigns.members[email]` scope. */
  email?: string | null;
  attributes?: Record<string, unknown>;
}

/**
 * A webhook body: the sample with this member's ids, email and attributes, ids kept consistent
 * between `data` and `included` as Patreon sends them.
 */
export function memberDelivery(name: PatreonSample, changes: MemberChanges = {}): string {
  const body = patreonSample(name);
  const { data } = body;
  const oldUser = data.relationships.user?.data?.id;
  const oldCampaign = data.relationships.campaign?.data?.id;
  if (changes.memberId) data.id = changes.memberId;
  if (changes.userId && data.relationships.user?.data)
    data.relationships.user.data.id = changes.userId;
  if (changes.campaignId && data.relationships.campaign?.data) {
    data.relationships.campaign.data.id = changes.campaignId;
  }
  for (const resource of body.included) {
    if (resource.type === 'user' && resource.id === oldUser && changes.userId) {
      resource.id = changes.userId;
    }
    if (resource.type === 'campaign' && resource.id === oldCampaign && changes.campaignId) {
      resource.id = changes.campaignId;
    }
  }
  if (changes.email === null) delete data.attributes.email;
  else if (changes.email !== undefined) data.attributes.email = changes.email;
  Object.assign(data.attributes, changes.attributes);
  return JSON.stringify(body);
}

/** X-Patreon-Signature: the hex HMAC-MD5 of the body with the webhook's secret. */
export const patreonSignature = (body: string, secret: string) =>
  createHmac('md5', secret).update(body).digest('hex');
