import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, ok } from '../../plugins/app/envelope.ts';

export interface PatreonRoutesOptions {
  /** The webhook's secret; unset turns the route off. */
  secret: string | undefined;
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

const memberSchema = z.object({
  data: z.object({
    attributes: z.object({
      email: z.string().trim().toLowerCase().email().max(254),
      patron_status: z.string().nullable().optional(),
    }),
  }),
});

/** Compares the hex HMAC-MD5 of the raw body with the header in constant time. */
function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{32}$/i.test(header)) return false;
  const expected = createHmac('md5', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

/**
 * POST /patreon/webhook keeps subscriber grants in step with Patreon: an active patron holds a
 * grant, any other status or a deleted member loses the grant Patreon gave (never an operator's).
 * The signature is checked on the raw bytes before anything in them is read.
 */
export default async function patreonRoutes(
  app: FastifyInstance,
  { secret }: PatreonRoutesOptions,
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
    const event = request.headers['x-patreon-event'];
    if (typeof event !== 'string' || !MEMBER_EVENTS.has(event)) {
      // Other events (posts, ...) are none of our business; acknowledging stops Patreon retrying.
      return ok(null, 'Event ignored.');
    }
    let parsed: z.infer<typeof memberSchema>;
    try {
      parsed = memberSchema.parse(JSON.parse(body.toString('utf8')));
    } catch {
      throw new HttpError(400, 'The delivery is not a Patreon member with an email address.');
    }
    const { email, patron_status } = parsed.data.attributes;
    const active = patron_status === 'active_patron' && !event.endsWith(':delete');
    const changed = active
      ? await app.subscriberGrants.grant(email, 'patreon')
      : await app.subscriberGrants.revoke(email, 'patreon');
    if (changed) await app.promotionScheduler.replan();
    return ok(null, active ? 'Subscriber granted.' : 'Subscriber revoked.');
  });
}
