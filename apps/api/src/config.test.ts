import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses, and is off by default', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
  });

  it('refuses true, which would believe any X-Forwarded-For a client makes up', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must be false, the number of proxies in front of the server/,
    );
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/not 10\.0\.0\.0\/99/);
  });
});

describe('shutdown and timeouts', () => {
  it('drains for a few seconds and gives clients 30 s to send a request by default', () => {
    const config = readConfig({});
    expect(config.SHUTDOWN_DRAIN_MS).toBe(5_000);
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
  });
});

describe('PUBLIC_URL', () => {
  it('takes the origins of the brands, comma-separated', () => {
    expect(
      readConfig({
        PUBLIC_URL: 'https://nightcore.co.uk, https://www.slowedreverb.example',
      }).PUBLIC_URL.map((url) => url.origin),
    ).toEqual(['https://nightcore.co.uk', 'https://www.slowedreverb.example']);
    expect(readConfig({}).PUBLIC_URL).toEqual([]);
  });

  it('refuses a public suffix, under which every site would count as its own', () => {
    for (const entry of ['https://co.uk', 'https://www.co.uk', 'https://github.io']) {
      expect(() => readConfig({ PUBLIC_URL: entry }), entry).toThrow(
        `PUBLIC_URL: must name the site's own domain, not a public suffix that other sites share; not ${entry}`,
      );
    }
  });
});
