import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testAuthOptions } from '../../test-support/firebase-users.ts';
import { identityOrigins } from './auth.ts';

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
    const config = readConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'fansite-prod' });
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

  it('allows calls to the identity service', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/playlist/all' });
    expect(response.headers['content-security-policy']).toContain(
      `connect-src 'self' http://${testAuthOptions().emulatorHost}`,
    );
  });
});
