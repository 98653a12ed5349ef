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

describe('SERVE and API_URL', () => {
  const fleet = { DATABASE_URL: 'postgres://fansite@10.0.0.1/fansite' };

  it('serves every role by default, and the roles named otherwise', () => {
    expect(readConfig({}).SERVE).toEqual(['api', 'web', 'fm', 'sites']);
    expect(readConfig({ ...fleet, SERVE: ' sites , api' }).SERVE).toEqual(['api', 'sites']);
    const radio = readConfig({ ...fleet, SERVE: 'fm', API_URL: 'http://10.0.0.2:8080' });
    expect(radio.SERVE).toEqual(['fm']);
    expect(radio.API_URL?.origin).toBe('http://10.0.0.2:8080');
  });

  it('refuses a role it does not know, or none', () => {
    expect(() => readConfig({ ...fleet, SERVE: 'api,radio' })).toThrow(
      /SERVE: must list what this server serves, comma-separated, from api, web, fm, sites; not radio/,
    );
    expect(() => readConfig({ ...fleet, SERVE: ' , ' })).toThrow(/SERVE: must list what/);
  });

  it('needs API_URL for pages without the api role, and PostgreSQL for any part of a fleet', () => {
    expect(() => readConfig({ ...fleet, SERVE: 'web' })).toThrow(
      /API_URL: must name the API servers' address when SERVE \(web\) serves pages without the api role/,
    );
    expect(() => readConfig({ SERVE: 'api' })).toThrow(
      /DATABASE_URL: must name the PostgreSQL database the fleet shares/,
    );
    expect(() => readConfig({ ...fleet, SERVE: 'fm', API_URL: 'ftp://10.0.0.2' })).toThrow(
      /API_URL: must be an http\(s\) address/,
    );
  });
});
