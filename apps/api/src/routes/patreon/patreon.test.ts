import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { createTestUser } from '../../test-support/firebase-users.ts';

const SECRET = 'patreon-webhook-secret-for-tests';

describe.each(testEngines())('Patreon webhook on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let unconfigured: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine, {
      patreonWebhookSecret: SECRET,
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

  const member = (email: string, status: string | null) =>
    JSON.stringify({
      data: {
        type: 'member',
        id: 'member-1',
        attributes: { email, patron_status: status, full_name: 'A Patron' },
      },
    });
  const sign = (body: string, secret = SECRET) =>
    createHmac('md5', secret).update(body).digest('hex');
  const deliver = (
    event: string,
    body: string,
    signature: string | null = sign(body),
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
  const grants = (email: string) =>
    queryRows<{ source: string }>(
      harness.database.db,
      sql`SELECT source FROM subscriber_grants WHERE email = lower(${email})`,
    );
  const subscriberOf = async (idToken: string) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: '/api/v1/account/getinfo',
        headers: { authorization: `Bearer ${idToken}` },
      })
    ).json().data.subscriber;

  it('grants an active patron, case-insensitively by email, and a replay is harmless', async () => {
    const user = await createTestUser();
    const body = member(user.email.toUpperCase(), 'active_patron');
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await deliver('members:pledge:create', body);
      expect(response.statusCode).toBe(200);
    }
    expect(await grants(user.email)).toEqual([{ source: 'patreon' }]);
    expect(await subscriberOf(user.idToken)).toBe(true);
  });

  it('keeps a grant for an email with no account yet', async () => {
    const email = `future-${Date.now()}@example.com`;
    await deliver('members:create', member(email, 'active_patron'));
    expect(await grants(email)).toEqual([{ source: 'patreon' }]);
  });

  it.each([
    ['members:update', 'former_patron'],
    ['members:update', 'declined_patron'],
    ['members:update', null],
    ['members:delete', 'active_patron'],
    ['members:pledge:delete', 'active_patron'],
  ])('revokes on %s with status %s', async (event, status) => {
    const user = await createTestUser();
    await deliver('members:create', member(user.email, 'active_patron'));
    const response = await deliver(event, member(user.email, status));
    expect(response.statusCode).toBe(200);
    expect(await grants(user.email)).toEqual([]);
    expect(await subscriberOf(user.idToken)).toBe(false);
  });

  it("never takes away an operator's grant", async () => {
    const email = `operator-${Date.now()}@example.com`;
    await harness.app.subscriberGrants.grant(email, 'operator');
    await deliver('members:delete', member(email, 'former_patron'));
    expect(await grants(email)).toEqual([{ source: 'operator' }]);
  });

  it.each([
    ['no signature', null],
    ['a signature made with another secret', 'other'],
    ['a signature that is not hex', 'z'.repeat(32)],
    ['a truncated signature', 'short'],
  ])('refuses %s with 401 and changes nothing', async (_case, kind) => {
    const email = `unsigned-${Date.now()}@example.com`;
    const body = member(email, 'active_patron');
    const signature = kind === null ? null : kind === 'other' ? sign(body, 'other-secret') : kind;
    const response = await deliver('members:create', body, signature);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 401,
      message: 'The webhook signature is missing or wrong.',
      data: null,
    });
    expect(await grants(email)).toEqual([]);
  });

  it('refuses a body changed after signing', async () => {
    const email = `tampered-${Date.now()}@example.com`;
    const signature = sign(member(email, 'former_patron'));
    const response = await deliver('members:create', member(email, 'active_patron'), signature);
    expect(response.statusCode).toBe(401);
    expect(await grants(email)).toEqual([]);
  });

  it('refuses a 5 MB body with 413 before reading it', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) });
    const response = await deliver('members:create', body);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(413);
  });

  it('refuses a signed delivery without a member email with 400', async () => {
    const response = await deliver('members:create', JSON.stringify({ data: { attributes: {} } }));
    expect(response.statusCode).toBe(400);
    const malformed = await deliver('members:create', '{not json');
    expect(malformed.statusCode).toBe(400);
  });

  it('acknowledges events that are not about members', async () => {
    const response = await deliver('posts:publish', JSON.stringify({ data: {} }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 when no secret is configured', async () => {
    const body = member('someone@example.com', 'active_patron');
    const response = await deliver('members:create', body, sign(body), unconfigured.app);
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

  it('never writes the secret or a signature to the log', async () => {
    const body = member('logged@example.com', 'active_patron');
    await deliver('members:create', body);
    const log = logLines.join('');
    expect(log).toContain('patreon/webhook');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(sign(body));
  });
});
