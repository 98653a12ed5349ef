import { API_PREFIX, calls, type CallName } from '@fansite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/app.ts';
import { CALLS_NOT_BUILT_YET } from './index.ts';

describe('routes come from the contract', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite');
  });
  afterAll(() => harness.close());

  const registered = (name: CallName) =>
    harness.app.hasRoute({ method: calls[name].method, url: API_PREFIX + calls[name].path });

  it.each(Object.keys(calls) as CallName[])(
    '%s is registered or listed as not built yet',
    (name) => {
      expect(registered(name)).toBe(!CALLS_NOT_BUILT_YET.includes(name));
    },
  );

  it('a required-sign-in call refuses a visitor before reading the input', async () => {
    const response = await harness.app.inject({ method: 'GET', url: `${API_PREFIX}/favorite/get` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: 'Please sign in again.' });
  });
});
