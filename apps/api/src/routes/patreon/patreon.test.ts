import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import {
  createTestUser,
  verifyTestUserEmail,
  type TestUser,
} from '../../test-support/firebase-users.ts';
import {
  daysFromNow,
  memberDelivery,
  patreonSignature,
  type MemberChanges,
  type PatreonSample,
} from '../../test-support/patreon-fixtures.ts';
import { z } from 'zod';

const SECRET = 'patreon-webhook-secret-for-tests';
/** The campaign of the samples (test-support/patreon), configured as the brand's. */
const CAMPAIGN = '11539233';

const unique = () => randomBytes(6).toString('hex');

describe.each(testEngines())('Patreon webhook on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let unconfigured: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine, {
      patreonWebhookSecret: SECRET,
      patreon: { campaignIds: [CAMPAIGN], oauth: null },
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    unconfigured = await buildTestApp(engine);
  });
  afterAll(async () => {
    await harness.close();
    await unconfigured.close();
  });

  const deliver = (
    event: string,
    body: string,
    signature: string | null = patreonSignature(body, SECRET),
    app = harness.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/patreon/webhook',
      headers: {
        'content-type': 'application/json',
        'x-patreon-event': event,
        ...(signature === null ? {} : { 'x-patreon-signature': signature }),
      },
      payload: body,
    });

  /** A member of the brand's campaign with fresh ids; its charge was paid `paidDaysAgo` ago. */
  const newMember = (email: string | null, paidDaysAgo = 3): MemberChanges => ({
    memberId: crypto.randomUUID(),
    userId: String(Math.floor(Math.random() * 1e9)),
    email,
    attributes: {
      last_charge_date: daysFromNow(-paidDaysAgo),
      next_charge_date: daysFromNow(30 - paidDaysAgo),
    },
  });
  const send = async (event: string, sample: PatreonSample, member: MemberChanges) => {
    const response = await deliver(event, memberDelivery(sample, member));
    expect(response.statusCode).toBe(200);
    return response.json() as { code: number; message: string };
  };

  const accountInfo = async (user: TestUser) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: '/api/v1/account/getinfo',
        headers: { authorization: `Bearer ${user.idToken}` },
      })
    ).json().data;
  const subscriberOf = async (user: TestUser) => (await accountInfo(user)).subscriber;

  it('grants an active, paid patron with a verified email, and a replay is harmless', async () => {
    const user = await createTestUser();
    const member = newMember(user.email.toUpperCase());
    for (let delivery = 0; delivery < 2; delivery++) {
      await send('members:pledge:create', 'members-pledge-create', member);
    }
    expect(await subscriberOf(user)).toBe(true);
  });

  it('keeps a membership for an email with no account yet, granted once it signs up', async () => {
    const email = `future-${unique()}@example.com`;
    await send('members:create', 'members-pledge-create', newMember(email));
    expect(await subscriberOf(await createTestUser({ email }))).toBe(true);
  });

  it('acknowledges a delivery without an email (Patreon’s documented body) and changes nothing', async () => {
    const response = await deliver(
      'members:create',
      memberDelivery('members-create-follower', { campaignId: CAMPAIGN }),
    );
    expect(response.statusCode).toBe(200);
    const paid = await send('members:pledge:create', 'members-pledge-create', newMember(null));
    expect(paid.code).toBe(200);
  });

  it('grants nothing to an account whose email is not verified, until it is', async () => {
    const unverified = await createTestUser({ verified: false });
    await send('members:pledge:create', 'members-pledge-create', newMember(unverified.email));
    expect(await subscriberOf(unverified)).toBe(false);
    expect(await subscriberOf(await verifyTestUserEmail(unverified))).toBe(true);
  });

  it('follows the member id: a changed Patreon email leaves the old one unsubscribed', async () => {
    const before = await createTestUser();
    const after = await createTestUser();
    const member = newMember(before.email);
    await send('members:pledge:create', 'members-pledge-create', member);
    expect(await subscriberOf(before)).toBe(true);
    await send('members:update', 'members-pledge-create', { ...member, email: after.email });
    expect(await subscriberOf(before)).toBe(false);
    expect(await subscriberOf(after)).toBe(true);
  });

  it('keeps a deleted pledge to the end of the period already paid, then lets it go', async () => {
    const user = await createTestUser();
    const member = newMember(user.email, 10);
    await send('members:pledge:create', 'members-pledge-create', member);
    await send('members:pledge:delete', 'members-pledge-delete', member);
    // Paid 10 days ago with the next charge in 20 days: the patron keeps those 20 days.
    expect(await subscriberOf(user)).toBe(true);

    const lapsed = await createTestUser();
    const lapsedMember = newMember(lapsed.email, 40);
    await send('members:pledge:create', 'members-pledge-create', lapsedMember);
    await send('members:pledge:delete', 'members-pledge-delete', lapsedMember);
    expect(await subscriberOf(lapsed)).toBe(false);
  });

  it('applies deliveries in Patreon’s order: a late active_patron after former_patron changes nothing', async () => {
    const user = await createTestUser();
    const member = newMember(user.email, 35);
    // The pledge was deleted and its paid month is over; then the first delivery arrives late.
    await send('members:pledge:delete', 'members-pledge-delete', member);
    const late = await send('members:pledge:create', 'members-pledge-create', {
      ...member,
      attributes: { ...member.attributes, next_charge_date: daysFromNow(30) },
    });
    expect(late.message).toBe('Delivery ignored: a newer one was applied already.');
    expect(await subscriberOf(user)).toBe(false);
  });

  it('a late Paid delivery after its charge was refunded changes nothing', async () => {
    const user = await createTestUser();
    const member = newMember(user.email);
    await send('members:pledge:create', 'members-pledge-create', member);
    await send('members:update', 'members-pledge-create', {
      ...member,
      attributes: { ...member.attributes, last_charge_status: 'Refunded' },
    });
    expect(await subscriberOf(user)).toBe(false);
    await send('members:pledge:create', 'members-pledge-create', member);
    expect(await subscriberOf(user)).toBe(false);
  });

  it.each(['Fraud', 'Refunded', 'Declined', 'Pending'])(
    'does not grant an active_patron whose last charge is %s',
    async (status) => {
      const user = await createTestUser();
      const member = newMember(user.email);
      await send('members:pledge:create', 'members-pledge-create', {
        ...member,
        attributes: { ...member.attributes, last_charge_status: status },
      });
      expect(await subscriberOf(user)).toBe(false);
    },
  );

  it('does not grant a free trial (active_patron with no charge)', async () => {
    const user = await createTestUser();
    await send('members:update', 'members-update-free-trial', {
      memberId: crypto.randomUUID(),
      email: user.email,
    });
    expect(await subscriberOf(user)).toBe(false);
  });

  it('a later paid charge extends the membership (members:pledge:update)', async () => {
    const user = await createTestUser();
    const member = newMember(user.email, 40);
    await send('members:pledge:create', 'members-pledge-create', member);
    expect(await subscriberOf(user)).toBe(false);
    await send('members:pledge:update', 'members-pledge-update', {
      ...member,
      attributes: { last_charge_date: daysFromNow(-1), next_charge_date: daysFromNow(29) },
    });
    expect(await subscriberOf(user)).toBe(true);
  });

  it('accepts an email that is not ASCII', async () => {
    const email = `zoë-${unique()}@exämple.com`;
    const response = await deliver(
      'members:pledge:create',
      memberDelivery('members-pledge-create', newMember(email)),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows(
      harness.database.db,
      sql`SELECT email FROM patreon_members WHERE email = lower(${email})`,
      z.object({ email: z.string() }),
    );
    expect(row?.email).toBe(email);
  });

  it('ignores a member of another campaign', async () => {
    const user = await createTestUser();
    const other = { ...newMember(user.email), campaignId: '999' };
    const answer = await send('members:pledge:create', 'members-pledge-create', other);
    expect(answer.message).toBe("Delivery ignored: the campaign is not one of this site's.");
    expect(await subscriberOf(user)).toBe(false);
  });

  it("applies an operator's grant only once the account's email is verified", async () => {
    const unverified = await createTestUser({ verified: false });
    await harness.app.subscriberGrants.grant(unverified.email, 'operator');
    expect(await subscriberOf(unverified)).toBe(false);
    expect(await subscriberOf(await verifyTestUserEmail(unverified))).toBe(true);
  });

  it("never takes away an operator's grant", async () => {
    const user = await createTestUser();
    await harness.app.subscriberGrants.grant(user.email, 'operator');
    const member = newMember(user.email, 60);
    await send('members:pledge:create', 'members-pledge-create', member);
    await send('members:delete', 'members-pledge-delete', member);
    expect(await subscriberOf(user)).toBe(true);
  });

  it("takes a lapsed subscriber's site offline and off the supporters list, and back with the grant", async () => {
    const user = await createTestUser();
    const member = newMember(user.email);
    await send('members:pledge:create', 'members-pledge-create', member);
    const domain = `lapsed${unique()}`;
    const activated = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/website/activate?domain_name=${domain}`,
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(activated.statusCode).toBe(200);
    const site = () =>
      harness.app.inject({
        method: 'GET',
        url: `/api/v1/subscriber/getinfo?domain_name=${domain}`,
      });
    const listed = async () =>
      (await harness.app.inject({ method: 'GET', url: '/api/v1/subscriber/getsubscriberssite' }))
        .json()
        .data.some((supporter: { domain_name: string }) => supporter.domain_name === domain);
    expect((await site()).statusCode).toBe(200);
    expect(await listed()).toBe(true);

    await send('members:update', 'members-pledge-create', {
      ...member,
      attributes: { ...member.attributes, last_charge_status: 'Refunded' },
    });
    expect((await site()).statusCode).toBe(404);
    expect(await listed()).toBe(false);

    await send('members:pledge:update', 'members-pledge-update', {
      ...member,
      attributes: { last_charge_date: daysFromNow(0), next_charge_date: daysFromNow(30) },
    });
    expect((await site()).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });

  it.each([
    ['no signature', null],
    ['a signature made with another secret', 'other'],
    ['a signature that is not hex', 'z'.repeat(32)],
    ['a truncated signature', 'short'],
  ])('refuses %s with 401 and changes nothing', async (_case, kind) => {
    const user = await createTestUser();
    const body = memberDelivery('members-pledge-create', newMember(user.email));
    const signature =
      kind === null ? null : kind === 'other' ? patreonSignature(body, 'other-secret') : kind;
    const response = await deliver('members:create', body, signature);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 401,
      message: 'The webhook signature is missing or wrong.',
      data: null,
    });
    expect(await subscriberOf(user)).toBe(false);
  });

  it('refuses a body changed after signing', async () => {
    const user = await createTestUser();
    const member = newMember(user.email);
    const signature = patreonSignature(
      memberDelivery('members-pledge-delete', { ...member, attributes: {} }),
      SECRET,
    );
    const body = memberDelivery('members-pledge-create', member);
    const response = await deliver('members:create', body, signature);
    expect(response.statusCode).toBe(401);
    expect(await subscriberOf(user)).toBe(false);
  });

  it('refuses a 5 MB body with 413 before reading it', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) });
    const response = await deliver('members:create', body);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(413);
  });

  it('acknowledges a signed delivery it cannot read, and logs nothing personal', async () => {
    const malformed = await deliver('members:create', '{not json');
    expect(malformed.statusCode).toBe(200);
    const noMember = await deliver('members:update', JSON.stringify({ data: { attributes: {} } }));
    expect(noMember.statusCode).toBe(200);
    expect(noMember.json().message).toBe('Delivery ignored: it is not a Patreon member.');
  });

  it('acknowledges events that are not about members', async () => {
    const response = await deliver('posts:publish', JSON.stringify({ data: {} }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 when no secret is configured', async () => {
    const body = memberDelivery('members-pledge-create');
    const response = await deliver('members:create', body, undefined, unconfigured.app);
    expect(response.statusCode).toBe(404);
  });

  it('leaves the other calls their own content-type rules', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/favorite/add',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    // A form call refuses JSON as before: the webhook's raw-body parser stays in its own scope.
    expect(response.statusCode).toBe(415);
  });

  it('never writes the secret, a signature or the member’s email to the log', async () => {
    const email = `logged-${unique()}@example.com`;
    const body = memberDelivery('members-pledge-create', { ...newMember(email), campaignId: '1' });
    await deliver('members:create', body);
    const log = logLines.join('');
    expect(log).toContain('patreon/webhook');
    expect(log).toContain("not one of the brands' campaigns");
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(patreonSignature(body, SECRET));
    expect(log).not.toContain(email);
  });
});
