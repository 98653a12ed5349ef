import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberResourceSchema, membershipState } from '../../patreon/membership.ts';
import { HttpError, ok } from '../../plugins/app/envelope.ts';

export interface PatreonRoutesOptions {
  /** The webhook's secret; unset turns the route off. */
  secret: string | undefined;
  /** The brands' campaigns; a delivery about another campaign changes nothing. Empty: any. */
  campaignIds: readonly string[];
}

/** Patreon's deliveries are small JSON documents; anything bigger is refused before it is read. */
const PATREON_BODY_LIMIT = 256 * 1024;

const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or wrong.';

const MEMBER_EVENTS = new Set([
  'members:create',
  'members:update',
  'members:delete',
  'members:pledge:create',
  'members:pledge:update',
  'members:pledge:delete',
]);

const deliverySchema = z.object({ data: memberResourceSchema });

/** Compares the hex HMAC-MD5 of the raw body with the header in constant time. */
function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{32}$/i.test(header)) return false;
  const expected = createHmac('md5', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

function parseDelivery(body: Buffer) {
  try {
    return deliverySchema.safeParse(JSON.parse(body.toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * POST /patreon/webhook keeps Patreon memberships in step with Patreon, by member id: the
 * membership makes a subscriber of the account that linked its Patreon user, or else of the
 * account with its email once verified (`currentSubscriberUids`). Deliveries apply in Patreon's
 * order: one older than what is stored changes nothing. Operator grants are separate and never
 * touched. The signature is checked on the raw bytes before anything in them is read; every
 * signed delivery is acknowledged with 200 (Patreon pauses a webhook that keeps failing), and one
 * this site cannot use is logged by its event alone, without anything personal.
 */
export default async function patreonRoutes(
  app: FastifyInstance,
  { secret, campaignIds }: PatreonRoutesOptions,
) {
  // This route alone reads JSON as bytes: the signature covers the body exactly as it was sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: PATREON_BODY_LIMIT },
    (_request: FastifyRequest, body: Buffer, done) => done(null, body),
  );

  app.post('/patreon/webhook', { bodyLimit: PATREON_BODY_LIMIT }, async (request) => {
    if (!secret) throw new HttpError(404, `No such call: POST ${request.url.split('?')[0]}`);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!signatureMatches(secret, body, request.headers['x-patreon-signature'])) {
      throw new HttpError(401, BAD_SIGNATURE_MESSAGE);
    }
    const header = request.headers['x-patreon-event'];
    const event = typeof header === 'string' && MEMBER_EVENTS.has(header) ? header : null;
    if (!event) {
      // Other events (posts, ...) are none of our business; acknowledging stops Patreon retrying.
      return ok(null, 'Event ignored.');
    }
    const delivery = parseDelivery(body);
    if (!delivery?.success) {
      request.log.warn({ event }, 'Patreon delivery ignored: not a member resource');
      return ok(null, 'Delivery ignored: it is not a Patreon member.');
    }
    const state = membershipState(delivery.data.data, event);
    if (campaignIds.length > 0 && !campaignIds.includes(state.campaignId)) {
      request.log.info({ event }, "Patreon delivery ignored: not one of the brands' campaigns");
      return ok(null, "Delivery ignored: the campaign is not one of this site's.");
    }
    if (!(await app.patreonMembers.apply(state))) {
      request.log.info({ event }, 'Patreon delivery ignored: older than the membership stored');
      return ok(null, 'Delivery ignored: a newer one was applied already.');
    }
    // Who subscribes may have changed: the promotion calendar follows.
    await app.promotionScheduler.replan();
    return ok(null, 'Membership updated.');
  });
}
