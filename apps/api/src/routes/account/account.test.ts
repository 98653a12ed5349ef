import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { startFakeDiscord } from '../../test-support/fake-discord.ts';
import {
  createTestUser,
  grantSubscriber,
  type TestUser,
} from '../../test-support/firebase-users.ts';
import { STALE_STATE_MESSAGE } from './index.ts';

const HOST = 'localhost:8080';

describe.each(testEngines())('account and Discord linking on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let unconfigured: Awaited<ReturnType<typeof buildTestApp>>;
  let fakeDiscord: Awaited<ReturnType<typeof startFakeDiscord>>;
  beforeAll(async () => {
    fakeDiscord = await startFakeDiscord();
    harness = await buildTestApp(engine, {
      discord: fakeDiscord.config,
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
    await fakeDiscord.close();
  });

  const get = (url: string, user?: TestUser, app = harness.app) =>
    app.inject({
      method: 'GET',
      url,
      headers: { host: HOST, ...(user ? { authorization: `Bearer ${user.idToken}` } : {}) },
    });
  const info = async (user: TestUser, app = harness.app) => {
    const response = await get('/api/v1/account/getinfo', user, app);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const authorize = async (user: TestUser, returnTo?: string) => {
    const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : '';
    const response = await get(`/api/v1/account/discord_authorize${query}`, user);
    expect(response.statusCode).toBe(200);
    return new URL(response.json().data.url as string);
  };
  /** What the browser does at Discord: the fake approves and sends it back with a code. */
  const approveAtDiscord = async (authorizeUrl: URL) => {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    return new URL(response.headers.get('location')!);
  };
  const callback = (back: URL) => get(`${back.pathname}${back.search}`);
  const linkedDiscord = (uid: string) =>
    queryRows<{ discord_id: string | null }>(
      harness.database.db,
      sql`SELECT discord_id FROM users WHERE uid = ${uid}`,
    );

  it('tells the Discord link and whether the person subscribes', async () => {
    expect((await get('/api/v1/account/getinfo')).statusCode).toBe(401);
    const user = await createTestUser();
    expect(await info(user)).toEqual({
      discord: null,
      discord_id: null,
      subscriber: false,
      staff: false,
      discord_linking: true,
    });
    await grantSubscriber(harness.database, user.email);
    expect((await info(user)).subscriber).toBe(true);
    expect((await info(user, unconfigured.app)).discord_linking).toBe(false);
  });

  it('links through the authorization-code flow and disconnects', async () => {
    const user = await createTestUser();
    const authorizeUrl = await authorize(user, 'http://localhost:8080/account/website');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(fakeDiscord.config.oauthUrl);
    expect(authorizeUrl.searchParams.get('scope')).toBe('identify');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/api/v1/account/link_discord',
    );
    // No identity token travels in the state or anywhere in the address.
    expect(authorizeUrl.href).not.toContain(user.idToken.slice(0, 20));
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const back = await approveAtDiscord(authorizeUrl);
    const done = await callback(back);
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/account/website');
    expect(location.searchParams.get('success')).toBe('Your Discord account Nelly is now linked.');
    expect(fakeDiscord.tokenRequests.at(-1)?.get('client_secret')).toBe('fake-client-secret');
    expect(await info(user)).toMatchObject({ discord: 'Nelly', discord_id: '80351110224678912' });

    const disconnected = await get('/api/v1/account/disconnect_discord', user);
    expect(disconnected.statusCode).toBe(200);
    expect(await info(user)).toMatchObject({ discord: null, discord_id: null });
  });

  it('refuses a reused state with 400 and changes nothing', async () => {
    const user = await createTestUser();
    const back = await approveAtDiscord(await authorize(user));
    expect((await callback(back)).statusCode).toBe(303);
    await get('/api/v1/account/disconnect_discord', user);

    const again = await callback(back);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: STALE_STATE_MESSAGE, data: null });
    expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
  });

  it('refuses a forged state with 400', async () => {
    const user = await createTestUser();
    const back = await approveAtDiscord(await authorize(user));
    for (const forged of ['A'.repeat(43), 'short', `${back.searchParams.get('state')}x`, '']) {
      const url = new URL(back);
      url.searchParams.set('state', forged);
      const response = await callback(url);
      expect(response.statusCode, forged).toBe(400);
    }
    expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
  });

  it('refuses an expired state with 400', async () => {
    const user = await createTestUser();
    const back = await approveAtDiscord(await authorize(user));
    await harness.database.db.execute(
      sql`UPDATE discord_link_states SET expires_at = now() - interval '1 second'
          WHERE user_uid = ${user.uid}`,
    );
    expect((await callback(back)).statusCode).toBe(400);
    expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
  });

  it.each([
    'https://evil.example/account',
    '//evil.example/account',
    'http://localhost:9999/account',
    'javascript:alert(1)',
  ])('sends a foreign return address %s back to /account', async (returnTo) => {
    const user = await createTestUser();
    const done = await callback(await approveAtDiscord(await authorize(user, returnTo)));
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/account');
  });

  it('brings a refusal at Discord back as an error and links nothing', async () => {
    const user = await createTestUser();
    const back = await approveAtDiscord(await authorize(user));
    back.searchParams.delete('code');
    back.searchParams.set('error', 'access_denied');
    const done = await callback(back);
    expect(done.statusCode).toBe(303);
    expect(new URL(done.headers.location as string).searchParams.get('error')).toBe(
      'Discord linking was cancelled.',
    );
    expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
  });

  it('brings a code Discord refuses back as an error', async () => {
    const user = await createTestUser();
    const back = await approveAtDiscord(await authorize(user));
    back.searchParams.set('code', 'made-up-code');
    const done = await callback(back);
    expect(new URL(done.headers.location as string).searchParams.get('error')).toBe(
      'Discord did not accept the link. Please try again.',
    );
    expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
  });

  it('says linking is not available when no Discord application is configured', async () => {
    const user = await createTestUser();
    const response = await get('/api/v1/account/discord_authorize', user, unconfigured.app);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Discord linking is not available.');
  });

  it('never writes a state, code, token or the client secret to the log', async () => {
    const user = await createTestUser();
    const authorizeUrl = await authorize(user);
    const back = await approveAtDiscord(authorizeUrl);
    await callback(back);
    const log = logLines.join('');
    expect(log).toContain('link_discord');
    for (const secret of [
      authorizeUrl.searchParams.get('state')!,
      back.searchParams.get('code')!,
      user.idToken,
      'fake-client-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
