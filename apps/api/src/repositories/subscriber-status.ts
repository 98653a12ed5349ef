import { sql } from 'drizzle-orm';
import { subscriberSites } from '../db/schema.ts';

/**
 * Who is a subscriber now, as a subquery of uids (column `uid`). Three ways in:
 * - an operator's grant for the account's email, once that email is verified;
 * - a Patreon membership paid up to now whose Patreon user the account linked;
 * - a Patreon membership paid up to now whose email is the account's verified email, when no
 *   account linked that membership's Patreon user (the email is only a fallback).
 * A grant for an unverified email waits: anyone can sign up with an address they do not own.
 * Everything that depends on being a subscriber (the calls, the promotion calendar, the personal
 * site and the supporters list) reads this one definition.
 */
export const currentSubscriberUids = sql`
  SELECT u.uid FROM users u
  JOIN subscriber_grants g ON g.email = lower(u.email)
  WHERE u.email_verified
  UNION
  SELECT l.user_uid AS uid FROM patreon_links l
  JOIN patreon_members m ON m.patreon_user_id = l.patreon_user_id
  WHERE m.paid_until > now()
  UNION
  SELECT u.uid FROM users u
  JOIN patreon_members m ON m.email = lower(u.email)
  WHERE u.email_verified AND m.paid_until > now()
    AND NOT EXISTS (
      SELECT 1 FROM patreon_links l WHERE l.patreon_user_id = m.patreon_user_id
    )`;

/**
 * A condition on `subscriber_sites`: the site's owner is a subscriber now. A site with no owner
 * account (the demo network's, made by an operator) is not tied to a subscription.
 */
export const siteOwnerSubscribes = sql`(${subscriberSites.ownerUid} IS NULL
  OR ${subscriberSites.ownerUid} IN (${currentSubscriberUids}))`;
