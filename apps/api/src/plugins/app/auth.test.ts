import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { openTestDatabase } from '../../test-support/database.ts';
import {
  createTestUser,
  grantSubscriber,
  testAuthOptions,
} from '../../test-support/firebase-users.ts';
import auth, { SUBSCRIBERS_ONLY_MESSAGE, identityOrigins } from './auth.ts';
import envelope from './envelope.ts';
import repositories from './repositories.ts';

describe('auth configuration', () => {
  it('defaults to the local Auth emulator outside production', () => {
    expect(readConfig({})).toMatchObject({
      FIREBASE_PROJECT_ID: 'demo-fansite',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
  });

  it('refuses to start in production while pointed at the emulator', () => {
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'fansite-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow('FIREBASE_AUTH_EMULATOR_HOST: must be unset in production');
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      'FIREBASE_PROJECT_ID: must name a real Firebase project in production',
    );
  });

  it('takes the real project from the environment in production', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'fansite-prod',
      PUBLIC_URL: 'https://nightcore.example',
    });
    expect(config.FIREBASE_PROJECT_ID).toBe('fansite-prod');
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it("lets pages reach the emulator locally and Google's identity endpoints in production", () => {
    expect(identityOrigins({ projectId: 'demo-fansite', emulatorHost: '127.0.0.1:9099' })).toEqual([
      'http://127.0.0.1:9099',
    ]);
    expect(identityOrigins({ projectId: 'fansite-prod' })).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
  });
});

describe('the content security policy', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite');
  });
  afterAll(() => harness.close());

  it('lets pages call the identity service', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain(
      `connect-src 'self' http://${testAuthOptions().emulatorHost}`,
    );
  });
});

describe('subscriber-only calls', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = Fastify();
    await app.register(envelope);
    await app.register(repositories, { database, catalogueRefreshMs: 60_000 });
    await app.register(auth, testAuthOptions());
    app.get('/perk', { config: { auth: 'subscriber' } }, async () => ({ code: 200 }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const askWith = (token?: string) =>
    app.inject({
      method: 'GET',
      url: '/perk',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('refuses visitors with 401 and signed-in non-subscribers with 403', async () => {
    expect((await askWith()).statusCode).toBe(401);
    const user = await createTestUser();
    const refused = await askWith(user.idToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, message: SUBSCRIBERS_ONLY_MESSAGE });
  });

  it('lets in a person whose email holds a grant, whatever its case', async () => {
    const user = await createTestUser();
    await grantSubscriber(database, user.email.toUpperCase());
    expect((await askWith(user.idToken)).statusCode).toBe(200);
  });
});
