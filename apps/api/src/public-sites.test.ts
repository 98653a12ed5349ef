import { describe, expect, it } from 'vitest';
import { publicSites } from './public-sites.ts';

describe('publicSites with public addresses configured', () => {
  const sites = publicSites([
    new URL('https://www.nightcore.example'),
    new URL('https://slowedreverb.example:8443'),
  ]);

  it("gives each brand's main site, radio and subscriber sites their public origin", () => {
    expect(sites.originOf('nightcore.example', 'http')).toBe('https://nightcore.example');
    expect(sites.originOf('WWW.Nightcore.example', 'http')).toBe('https://www.nightcore.example');
    expect(sites.originOf('fm.nightcore.example', 'http')).toBe('https://fm.nightcore.example');
    expect(sites.originOf('alice.nightcore.example', 'http')).toBe(
      'https://alice.nightcore.example',
    );
    expect(sites.originOf('fm.slowedreverb.example:8443', 'http')).toBe(
      'https://fm.slowedreverb.example:8443',
    );
  });

  it('serves no other host, whatever the Host header says', () => {
    expect(sites.originOf('evil.example', 'https')).toBeUndefined();
    expect(sites.originOf('nightcore.example.evil.example', 'https')).toBeUndefined();
    expect(sites.originOf('a.b.nightcore.example', 'https')).toBeUndefined();
    expect(sites.originOf('localhost:8080', 'http')).toBeUndefined();
    expect(sites.originOf('slowedreverb.example:9999', 'https')).toBeUndefined();
    expect(sites.originOf('', 'https')).toBeUndefined();
  });

  it("knows the deployment's own origins by scheme, host and port", () => {
    expect(sites.isOwnOrigin('https://fm.nightcore.example')).toBe(true);
    expect(sites.isOwnOrigin('https://nightcore.example:443')).toBe(true);
    expect(sites.isOwnOrigin('http://nightcore.example')).toBe(false);
    expect(sites.isOwnOrigin('https://evil.co.uk')).toBe(false);
    expect(sites.isOwnOrigin('javascript:alert(1)')).toBe(false);
    expect(sites.isOwnOrigin('not a url')).toBe(false);
  });
});

describe('publicSites on a local machine (no public address)', () => {
  const sites = publicSites([]);

  it('serves localhost, its sub-domains and address literals at the request scheme', () => {
    expect(sites.originOf('localhost:8080', 'http')).toBe('http://localhost:8080');
    expect(sites.originOf('fm.slowedreverb.localhost:8080', 'http')).toBe(
      'http://fm.slowedreverb.localhost:8080',
    );
    expect(sites.originOf('127.0.0.1', 'https')).toBe('https://127.0.0.1');
    expect(sites.isOwnOrigin('http://alice.localhost:8080')).toBe(true);
  });

  it('serves no host of the internet', () => {
    expect(sites.originOf('evil.example', 'http')).toBeUndefined();
    expect(sites.isOwnOrigin('http://evil.example')).toBe(false);
  });
});

describe('publicSites under a public suffix of two labels (co.uk)', () => {
  const sites = publicSites([new URL('https://nightcore.co.uk')]);

  it('serves its own sites and no other site that shares co.uk', () => {
    expect(sites.originOf('fm.nightcore.co.uk', 'http')).toBe('https://fm.nightcore.co.uk');
    expect(sites.isOwnOrigin('https://alice.nightcore.co.uk')).toBe(true);
    expect(sites.isOwnOrigin('https://evil.co.uk')).toBe(false);
    expect(sites.originOf('co.uk', 'https')).toBeUndefined();
  });
});
