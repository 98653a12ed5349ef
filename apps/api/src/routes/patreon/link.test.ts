import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { startFakePatreon } from '../../test-support/fake-patreon.ts';
import { createTestUser, type TestUser } from '../../test-support/firebase-users.ts';
import {
  daysFromNow,
  memberDelivery,
  patreonSample,
  patreonSignature,
} from '../../test-support/patreon-fixtures.ts';

const HOST = 'localhost:8080';
const SECRET = 'patreon-webhook-secret-for-link-tests';
/** The campaign of the identity sample's membership (test-support/patreon). */
const CAMPAIGN = '12345';

describe.each(testEngines())('Patreon account link on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let fakePatreon: Awaited<ReturnType<typeof startFakePatreon>>;
  /** What the fake's identity endpoint answers next: Patreon's documented sample, adjusted. */
  let identity = patreonSample('identity-with-memberships');

  beforeAll(async () => {
    fakePatreon = await startFakePatreon({ identity: () => identity });
    harness = await buildTestApp(engine, {
      patreonWebhookSecret: SECRET,
      patreon: { campaignIds: [CAMPAIGN], oauth: fakePatreon.config },
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await harness.close();
    await fakePatreon.close();
  });

  /** A Patreon user of its own, whose one membership (the brand's campaign) is as given. */
  function patreonUser(attributes: Record<string, unknown>) {
    const sample = patreonSample('identity-with-memberships');
    const userId = String(Math.floor(Math.random() * 1e9));
    const memberId = crypto.randomUUID();
    sample.data.id = userId;
    const [membership] = sample.included;
    membership!.id = memberId;
    Object.assign(membership!.attributes, attributes);
    identity = sample;
    return { userId, memberId };
  }
  const paid = (daysAgo: number) => ({
    last_charge_date: daysFromNow(-daysAgo),
    next_charge_date: daysFromNow(30 - daysAgo),
  });

  const get = (url: string, user?: TestUser, cookie?: string) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: {
        host: HOST,
        ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });
  /** The cookie the browser that started the last link keeps. */
  let browserCookie = '';
  const authorize = async (user: TestUser) => {
    const response = await get('/api/v1/account/patreon_authorize', user);
    expect(response.statusCode).toBe(200);
    browserCookie = String(response.headers['set-cookie']).split(';')[0]!;
    return new URL(response.json().data.url);
  };
  const approveAtPatreon = async (authorizeUrl: URL) => {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    return new URL(response.headers.get('location')!);
  };
  const callback = (back: URL, cookie = browserCookie) =>
    get(back.pathname + back.search, undefined, cookie);
  const messageOf = (response: { headers: Record<string, unknown> }, kind: string) =>
    new URL(response.headers.location as string).searchParams.get(kind);
  const link = async (user: TestUser) => callback(await approveAtPatreon(await authorize(user)));
  const info = async (user: TestUser) =>
    (await get('/api/v1/account/patreon_getinfo', user)).json().data;
  const subscriberOf = async (user: TestUser) =>
    (await get('/api/v1/account/getinfo', user)).json().data.subscriber;

  it('links a paid patron and makes them a subscriber at once', async () => {
    const user = await createTestUser();
    patreonUser(paid(2));
    expect(await subscriberOf(user)).toBe(false);
    const authorizeUrl = await authorize(user);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(fakePatreon.config.oauthUrl);
    expect(authorizeUrl.searchParams.get('scope')).toBe('identity identity.memberships');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/api/v1/account/link_patreon',
    );
    const back = await approveAtPatreon(authorizeUrl);
    const done = await callback(back);
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/account');
    expect(location.searchParams.get('success')).toBe(
      'Your Patreon account is now linked: thank you for your membership!',
    );
    expect(await subscriberOf(user)).toBe(true);
    expect(await info(user)).toMatchObject({
      linking: true,
      patreon: 'Platform Team',
      email_verified: true,
    });
    expect((await info(user)).paid_until).not.toBeNull();
    // The identity was read with the member fields that decide.
    const query = fakePatreon.identityQueries.at(-1)!;
    expect(query.get('include')).toBe('memberships,memberships.campaign');
    expect(query.get('fields[member]')).toContain('last_charge_status');

    // A state works once; a reload comes back to the account page with a message.
    const replay = await callback(back);
    expect(replay.statusCode).toBe(303);
    expect(messageOf(replay, 'error')).toBe(
      'This Patreon link has expired or was already used. Please start again from your account page.',
    );
  });

  it("links nothing when another browser finishes someone's link", async () => {
    const user = await createTestUser();
    patreonUser(paid(2));
    const back = await approveAtPatreon(await authorize(user));
    const done = await callback(back, 'patreon_link_nonce=someone-elses-browser-nonce-0123');
    expect(messageOf(done, 'error')).toBe(
      'This Patreon link was started in another browser. Please start again from your account page here.',
    );
    expect(await subscriberOf(user)).toBe(false);
    expect((await info(user)).patreon).toBeNull();
  });

  it('refuses to start a link on a host the deployment does not serve', async () => {
    const user = await createTestUser();
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/account/patreon_authorize?return_to=http://evil.example/phish',
      headers: { host: 'evil.example', authorization: `Bearer ${user.idToken}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('links a patron whose membership is not paid without granting anything', async () => {
    const user = await createTestUser({ verified: false });
    patreonUser({ ...paid(2), last_charge_status: 'Declined', patron_status: 'declined_patron' });
    const done = await link(user);
    expect(new URL(done.headers.location as string).searchParams.get('success')).toBe(
      'Your Patreon account is now linked. It has no paid membership of ours yet.',
    );
    expect(await subscriberOf(user)).toBe(false);
    expect(await info(user)).toMatchObject({ patreon: 'Platform Team', email_verified: false });
  });

  it('ignores memberships of other campaigns', async () => {
    const user = await createTestUser();
    patreonUser(paid(2));
    identity.included[0]!.relationships = {
      campaign: { data: { id: '999', type: 'campaign' } },
    };
    await link(user);
    expect(await subscriberOf(user)).toBe(false);
  });

  it('follows the linked Patreon user in webhook deliveries that carry no email', async () => {
    const user = await createTestUser({ verified: false });
    const { userId, memberId } = patreonUser({
      last_charge_status: null,
      last_charge_date: null,
      patron_status: null,
    });
    await link(user);
    expect(await subscriberOf(user)).toBe(false);
    const body = memberDelivery('members-pledge-create', {
      memberId,
      userId,
      campaignId: CAMPAIGN,
      email: null,
      attributes: paid(1),
    });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/patreon/webhook',
      headers: {
        'content-type': 'application/json',
        'x-patreon-event': 'members:pledge:create',
        'x-patreon-signature': patreonSignature(body, SECRET),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(await subscriberOf(user)).toBe(true);

    const disconnected = await get('/api/v1/account/disconnect_patreon', user);
    expect(disconnected.json().message).toBe('Your Patreon account has been disconnected.');
    expect(await subscriberOf(user)).toBe(false);
  });

  it('sends the visitor back with a message when they cancel at Patreon', async () => {
    const user = await createTestUser();
    const authorizeUrl = await authorize(user);
    const state = authorizeUrl.searchParams.get('state')!;
    const done = await get(
      `/api/v1/account/link_patreon?error=access_denied&state=${state}`,
      undefined,
      browserCookie,
    );
    expect(new URL(done.headers.location as string).searchParams.get('error')).toBe(
      'Patreon linking was cancelled.',
    );
  });

  it('never logs the state, the code or the token', async () => {
    const user = await createTestUser();
    patreonUser(paid(2));
    const back = await approveAtPatreon(await authorize(user));
    await callback(back);
    const log = logLines.join('');
    expect(log).toContain('link_patreon');
    expect(log).not.toContain(back.searchParams.get('state')!);
    expect(log).not.toContain(back.searchParams.get('code')!);
  });
});
