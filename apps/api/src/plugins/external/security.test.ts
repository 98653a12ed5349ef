import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { rateLimitKey } from './security.ts';

describe('the rate limiter key', () => {
  it('is the address, with IPv6 visitors counted by their /56', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:abcd:12ff::1' })).toBe(
      rateLimitKey({ ip: '2001:db8:abcd:1200:ffff::9' }),
    );
    expect(rateLimitKey({ ip: '2001:db8:abcd:1300::1' })).not.toBe(
      rateLimitKey({ ip: '2001:db8:abcd:1200::1' }),
    );
  });

  it('exists for a client that hung up before its address was read', () => {
    // Node forgets a socket's address once it is closed; the limiter used to fail with a 500 here.
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('client-gone');
  });

  it('is worked out once per request, however often it is asked', () => {
    // Behind a proxy each read of `ip` parses X-Forwarded-For again.
    let reads = 0;
    const request = {
      get ip() {
        reads++;
        return '203.0.113.7';
      },
    };
    expect([rateLimitKey(request), rateLimitKey(request)]).toEqual(['203.0.113.7', '203.0.113.7']);
    expect(reads).toBe(1);
  });
});

describe('behind one proxy', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite', { trustProxy: 1, contactPerMinute: 2 });
  });
  afterAll(() => harness.close());

  const report = (forwardedFor: string) => {
    const { payload, headers } = multipart({ topic: 'song-report', message: 'abcdefghijk: x' });
    return harness.app.inject({
      method: 'POST',
      url: '/api/v1/contact/request',
      payload,
      headers: { ...headers, 'x-forwarded-for': forwardedFor },
    });
  };

  it('counts the address the proxy saw, not what the client wrote before it', async () => {
    const codes = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      codes.push((await report(`${spoofed}, 203.0.113.7`)).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect((await report('203.0.113.8')).statusCode).toBe(200);
  });
});
