import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { startFakeDiscord } from '../../test-support/fake-discord.ts';
import {
  createTestUser,
  grantSubscriber,
  type TestUser,
} from '../../test-support/firebase-users.ts';
import {
  ALREADY_LINKED_MESSAGE,
  CANCELLED_MESSAGE,
  OTHER_BROWSER_MESSAGE,
  STALE_STATE_MESSAGE,
} from './discord-link.ts';
import { UNKNOWN_SITE_MESSAGE } from './link-flow.ts';
import { z } from 'zod';

const HOST = 'localhost:8080';
/** Where a deployment with `PUBLIC_URL=https://nightcore.example` is reached. */
const PUBLIC_HOST = 'nightcore.example';

/** What a browser keeps of a link's start: the authorization address and the nonce cookie. */
interface StartedLink {
  url: URL;
  cookie: string;
}

describe.each(testEngines())('account and Discord linking on %s', (engine) => {
  const logLines: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let unconfigured: Awaited<ReturnType<typeof buildTestApp>>;
  let deployed: Awaited<ReturnType<typeof buildTestApp>>;
  let fakeDiscord: Awaited<ReturnType<typeof startFakeDiscord>>;
  beforeAll(async () => {
    fakeDiscord = await startFakeDiscord();
    harness = await buildTestApp(engine, {
      discord: fakeDiscord.config,
      // The one proxy in front (TLS termination) tells the scheme in X-Forwarded-Proto.
      trustProxy: 1,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    unconfigured = await buildTestApp(engine);
    deployed = await buildTestApp(engine, {
      discord: fakeDiscord.config,
      publicUrls: [new URL(`https://${PUBLIC_HOST}`)],
    });
  });
  // The fake Discord always answers with the same person, who links to one account at a time.
  beforeEach(async () => {
    await harness.database.db.execute(sql`UPDATE users SET discord_id = NULL, discord_name = NULL`);
  });
  afterAll(async () => {
    await harness.close();
    await unconfigured.close();
    await deployed.close();
    await fakeDiscord.close();
  });

  const get = (
    url: string,
    user?: TestUser,
    app = harness.app,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        host: HOST,
        ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
        ...headers,
      },
    });
  const info = async (user: TestUser, app = harness.app) => {
    const response = await get('/api/v1/account/getinfo', user, app);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const nonceCookieOf = (response: { headers: Record<string, unknown> }) =>
    [response.headers['set-cookie']]
      .flat()
      .find((line) => String(line).startsWith('discord_link_'));
  const authorize = async (
    user: TestUser,
    returnTo?: string,
    {
      app = harness.app,
      headers = {},
    }: { app?: typeof harness.app; headers?: Record<string, string> } = {},
  ): Promise<StartedLink> => {
    const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : '';
    const response = await get(`/api/v1/account/discord_authorize${query}`, user, app, headers);
    expect(response.statusCode).toBe(200);
    const cookie = String(nonceCookieOf(response)).split(';')[0]!;
    return { url: new URL(response.json().data.url as string), cookie };
  };
  /** What the browser does at Discord: the fake approves and sends it back with a code. */
  const approveAtDiscord = async ({ url }: StartedLink) => {
    const response = await fetch(url, { redirect: 'manual' });
    return new URL(response.headers.get('location')!);
  };
  /** The browser arrives back from Discord, with the cookie it was given (or another's). */
  const callback = (back: URL, cookie: string, app = harness.app, host = HOST) =>
    get(`${back.pathname}${back.search}`, undefined, app, { host, cookie });
  /** Starts a link, approves it at Discord and comes back, all in one browser. */
  const linkInOneBrowser = async (user: TestUser, returnTo?: string) => {
    const started = await authorize(user, returnTo);
    return callback(await approveAtDiscord(started), started.cookie);
  };
  const locationOf = (response: { headers: Record<string, unknown> }) =>
    new URL(response.headers.location as string);
  const linkedDiscord = (uid: string) =>
    queryRows(
      harness.database.db,
      sql`SELECT discord_id FROM users WHERE uid = ${uid}`,
      z.object({ discord_id: z.string().nullable() }),
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
    const started = await authorize(user, 'http://localhost:8080/account/website');
    const authorizeUrl = started.url;
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(fakeDiscord.config.oauthUrl);
    expect(authorizeUrl.searchParams.get('scope')).toBe('identify');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/api/v1/account/link_discord',
    );
    // No identity token travels in the state or anywhere in the address.
    expect(authorizeUrl.href).not.toContain(user.idToken.slice(0, 20));
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const done = await callback(await approveAtDiscord(started), started.cookie);
    expect(done.statusCode).toBe(303);
    const location = locationOf(done);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/account/website');
    expect(location.searchParams.get('success')).toBe('Your Discord account Nelly is now linked.');
    expect(fakeDiscord.tokenRequests.at(-1)?.get('client_secret')).toBe('fake-client-secret');
    expect(await info(user)).toMatchObject({ discord: 'Nelly', discord_id: '80351110224678912' });

    const disconnected = await get('/api/v1/account/disconnect_discord', user);
    expect(disconnected.statusCode).toBe(200);
    expect(await info(user)).toMatchObject({ discord: null, discord_id: null });
  });

  describe('the browser that started a link', () => {
    it('gets an HttpOnly, SameSite=Lax nonce cookie for the callback alone, cleared after', async () => {
      const user = await createTestUser();
      const response = await get('/api/v1/account/discord_authorize', user);
      const cookie = String(nonceCookieOf(response));
      expect(cookie).toMatch(/^discord_link_nonce=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('Path=/api/v1/account/link_discord');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
      // The nonce is nowhere in the address the browser is sent to.
      const nonce = cookie.split(';')[0]!.split('=')[1]!;
      expect(response.json().data.url).not.toContain(nonce);

      const started = { url: new URL(response.json().data.url), cookie: cookie.split(';')[0]! };
      const done = await callback(await approveAtDiscord(started), started.cookie);
      expect(String(nonceCookieOf(done))).toMatch(/^discord_link_nonce=;.*Max-Age=0/);
    });

    it('is the only one that can finish it: another browser links nothing', async () => {
      // Account A starts a link and sends its address to someone else, who approves it at
      // Discord in their own browser: without A's cookie, nothing is linked to A.
      const attacker = await createTestUser();
      const victim = await createTestUser();
      const started = await authorize(attacker);
      const back = await approveAtDiscord(started);
      const victimsOwn = await authorize(victim);
      for (const cookie of ['', victimsOwn.cookie, 'discord_link_nonce=' + 'A'.repeat(43)]) {
        const response = await callback(back, cookie);
        expect(response.statusCode, cookie).toBe(303);
        expect(locationOf(response).searchParams.get('error'), cookie).toBe(
          cookie === '' ? OTHER_BROWSER_MESSAGE : STALE_STATE_MESSAGE,
        );
      }
      expect(await linkedDiscord(attacker.uid)).toEqual([{ discord_id: null }]);
    });
  });

  describe('one Discord account, one account on this site', () => {
    it('refuses to link a Discord account that is linked to another account', async () => {
      const first = await createTestUser();
      const second = await createTestUser();
      expect(locationOf(await linkInOneBrowser(first)).searchParams.get('success')).toContain(
        'now linked',
      );
      const refused = await linkInOneBrowser(second, 'http://localhost:8080/account/website');
      expect(refused.statusCode).toBe(303);
      const location = locationOf(refused);
      expect(location.pathname).toBe('/account/website');
      expect(location.searchParams.get('error')).toBe(ALREADY_LINKED_MESSAGE);
      expect(await linkedDiscord(second.uid)).toEqual([{ discord_id: null }]);
      expect(await linkedDiscord(first.uid)).toEqual([{ discord_id: '80351110224678912' }]);
      // Linked again to its own account, it stays linked.
      expect(locationOf(await linkInOneBrowser(first)).searchParams.get('success')).toContain(
        'now linked',
      );
    });

    it('has exactly one winner when two accounts link it at once', async () => {
      const users = [await createTestUser(), await createTestUser(), await createTestUser()];
      const returns = await Promise.all(
        (
          await Promise.all(
            users.map(async (user) => {
              const started = await authorize(user);
              return { back: await approveAtDiscord(started), cookie: started.cookie };
            }),
          )
        ).map(({ back, cookie }) => callback(back, cookie)),
      );
      const messages = returns.map((response) => locationOf(response).searchParams);
      expect(messages.filter((query) => query.get('success')).length).toBe(1);
      expect(messages.filter((query) => query.get('error') === ALREADY_LINKED_MESSAGE).length).toBe(
        2,
      );
      const linked = await queryRows(
        harness.database.db,
        sql`SELECT count(*)::int AS count FROM users WHERE discord_id = '80351110224678912'`,
        z.object({ count: z.number() }),
      );
      expect(linked[0]!.count).toBe(1);
    });
  });

  describe('a failed return from Discord brings the visitor back to a page with a message', () => {
    it('after a reload: the used state sends them to the account page', async () => {
      const user = await createTestUser();
      const started = await authorize(user, 'http://localhost:8080/account/website');
      const back = await approveAtDiscord(started);
      expect((await callback(back, started.cookie)).statusCode).toBe(303);
      await get('/api/v1/account/disconnect_discord', user);

      const again = await callback(back, started.cookie);
      expect(again.statusCode).toBe(303);
      const location = locationOf(again);
      expect(location.origin + location.pathname).toBe('http://localhost:8080/account');
      expect(location.searchParams.get('error')).toBe(STALE_STATE_MESSAGE);
      expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
    });

    it('with a forged or missing state', async () => {
      const user = await createTestUser();
      const started = await authorize(user);
      const back = await approveAtDiscord(started);
      for (const forged of ['A'.repeat(43), 'short', `${back.searchParams.get('state')}x`, '']) {
        const url = new URL(back);
        url.searchParams.set('state', forged);
        const response = await callback(url, started.cookie);
        expect(response.statusCode, forged).toBe(303);
        expect(locationOf(response).href, forged).toBe(
          `http://localhost:8080/account?error=${encodeURIComponent(STALE_STATE_MESSAGE).replaceAll('%20', '+')}`,
        );
      }
      const bare = await callback(new URL('http://localhost:8080/api/v1/account/link_discord'), '');
      expect(locationOf(bare).searchParams.get('error')).toBe(STALE_STATE_MESSAGE);
      expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
    });

    it('with an expired state', async () => {
      const user = await createTestUser();
      const started = await authorize(user);
      const back = await approveAtDiscord(started);
      await harness.database.db.execute(
        sql`UPDATE discord_link_states SET expires_at = now() - interval '1 second'
            WHERE user_uid = ${user.uid}`,
      );
      const response = await callback(back, started.cookie);
      expect(response.statusCode).toBe(303);
      expect(locationOf(response).searchParams.get('error')).toBe(STALE_STATE_MESSAGE);
      expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
    });

    it('when the person pressed Cancel at Discord (access_denied)', async () => {
      const user = await createTestUser();
      const started = await authorize(user, 'http://localhost:8080/account/promotion');
      const state = started.url.searchParams.get('state')!;
      // RFC 6749 4.1.2.1, as Discord sends it back when its Cancel button is pressed.
      const response = await get(
        '/api/v1/account/link_discord?error=access_denied' +
          '&error_description=The+resource+owner+or+authorization+server+denied+the+request' +
          `&state=${state}`,
        undefined,
        harness.app,
        { cookie: started.cookie },
      );
      expect(response.statusCode).toBe(303);
      const location = locationOf(response);
      expect(location.origin + location.pathname).toBe('http://localhost:8080/account/promotion');
      expect(location.searchParams.get('error')).toBe(CANCELLED_MESSAGE);
      expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
    });

    it('when Discord refuses the code', async () => {
      const user = await createTestUser();
      const started = await authorize(user);
      const back = await approveAtDiscord(started);
      back.searchParams.set('code', 'made-up-code');
      const done = await callback(back, started.cookie);
      expect(locationOf(done).searchParams.get('error')).toBe(
        'Discord did not accept the link. Please try again.',
      );
      expect(await linkedDiscord(user.uid)).toEqual([{ discord_id: null }]);
    });

    it('when linking is not configured', async () => {
      const response = await callback(
        new URL(`http://localhost:8080/api/v1/account/link_discord?code=x&state=${'A'.repeat(43)}`),
        '',
        unconfigured.app,
      );
      expect(response.statusCode).toBe(303);
      expect(locationOf(response).searchParams.get('error')).toBe(
        'Discord linking is not available.',
      );
    });
  });

  it.each([
    'https://evil.example/account',
    '//evil.example/account',
    'http://localhost:9999/account',
    'javascript:alert(1)',
  ])('sends a foreign return address %s back to /account', async (returnTo) => {
    const user = await createTestUser();
    const location = locationOf(await linkInOneBrowser(user, returnTo));
    expect(location.origin + location.pathname).toBe('http://localhost:8080/account');
  });

  describe("the deployment's public addresses, not the Host header", () => {
    it('refuses to start a link on a host the deployment does not serve, issuing nothing', async () => {
      const user = await createTestUser();
      const before = await queryRows(
        deployed.database.db,
        sql`SELECT count(*)::int AS count FROM discord_link_states`,
        z.object({ count: z.number() }),
      );
      const response = await get(
        `/api/v1/account/discord_authorize?return_to=${encodeURIComponent('http://evil.example/phish')}`,
        user,
        deployed.app,
        { host: 'evil.example' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: UNKNOWN_SITE_MESSAGE, data: null });
      expect(response.headers['set-cookie']).toBeUndefined();
      const after = await queryRows(
        deployed.database.db,
        sql`SELECT count(*)::int AS count FROM discord_link_states`,
        z.object({ count: z.number() }),
      );
      expect(after[0]!.count).toBe(before[0]!.count);
    });

    it('builds the https redirect address from PUBLIC_URL and never returns elsewhere', async () => {
      const user = await createTestUser();
      const started = await authorize(user, 'http://evil.example/phish', {
        app: deployed.app,
        headers: { host: PUBLIC_HOST },
      });
      expect(started.url.searchParams.get('redirect_uri')).toBe(
        'https://nightcore.example/api/v1/account/link_discord',
      );
      const response = await get(`/api/v1/account/discord_authorize`, user, deployed.app, {
        host: PUBLIC_HOST,
      });
      expect(String(nonceCookieOf(response))).toContain('Secure');

      const done = await callback(
        await approveAtDiscord(started),
        started.cookie,
        deployed.app,
        PUBLIC_HOST,
      );
      expect(done.statusCode).toBe(303);
      const location = locationOf(done);
      expect(location.origin + location.pathname).toBe('https://nightcore.example/account');
      expect(location.searchParams.get('success')).toContain('now linked');
    });

    it("accepts a return address on another of the deployment's own sites", async () => {
      const user = await createTestUser();
      const started = await authorize(user, 'https://www.nightcore.example/account/website', {
        app: deployed.app,
        headers: { host: PUBLIC_HOST },
      });
      const done = await callback(
        await approveAtDiscord(started),
        started.cookie,
        deployed.app,
        PUBLIC_HOST,
      );
      expect(locationOf(done).origin + locationOf(done).pathname).toBe(
        'https://www.nightcore.example/account/website',
      );
    });

    it('answers a callback on a host it does not serve without redirecting anywhere', async () => {
      const response = await get(
        `/api/v1/account/link_discord?code=x&state=${'A'.repeat(43)}`,
        undefined,
        deployed.app,
        { host: 'evil.example' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
    });

    it('behind a TLS proxy it trusts, builds the redirect address with https', async () => {
      const user = await createTestUser();
      const started = await authorize(user, undefined, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(started.url.searchParams.get('redirect_uri')).toBe(
        'https://localhost:8080/api/v1/account/link_discord',
      );
    });
  });

  it('says linking is not available when no Discord application is configured', async () => {
    const user = await createTestUser();
    const response = await get('/api/v1/account/discord_authorize', user, unconfigured.app);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Discord linking is not available.');
  });

  it('never writes a state, nonce, code, token or the client secret to the log', async () => {
    const user = await createTestUser();
    const started = await authorize(user);
    const back = await approveAtDiscord(started);
    await callback(back, started.cookie);
    const log = logLines.join('');
    expect(log).toContain('link_discord');
    for (const secret of [
      started.url.searchParams.get('state')!,
      started.cookie.split('=')[1]!,
      back.searchParams.get('code')!,
      user.idToken,
      'fake-client-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
