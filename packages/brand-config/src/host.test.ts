import { describe, expect, it } from 'vitest';
import { brands } from './brands.ts';
import { brandFaqs } from './faq.ts';
import { brandIdForHost, loadBrand, resolveHost, siteUrl } from './host.ts';
import { brandConfigSchema, brandFaqSchema } from './schema.ts';

describe('resolveHost', () => {
  it.each([
    ['localhost:8080', 'main', null],
    ['www.nightcore.example', 'main', null],
    ['dev.nightcore.example', 'main', null],
    ['nightcore.example', 'main', null],
    ['127.0.0.1:3000', 'main', null],
    ['fm.localhost:8080', 'fm', null],
    ['fm.slowedreverb.localhost', 'fm', null],
    ['FM.Nightcore.Example', 'fm', null],
    ['alice.localhost:8080', 'subscriber', 'alice'],
    ['alice.nightcore.example', 'subscriber', 'alice'],
    ['bob-2.slowedreverb.localhost', 'subscriber', 'bob-2'],
    ['a.b.localhost', 'not-found', null],
    // Under a public suffix of two labels, the brand's name marks where its domain starts.
    ['nightcore.co.uk', 'main', null],
    ['www.nightcore.co.uk', 'main', null],
    ['fm.nightcore.co.uk', 'fm', null],
    ['alice.nightcore.co.uk', 'subscriber', 'alice'],
    ['nightcorefan.nightcore.co.uk', 'subscriber', 'nightcorefan'],
    ['fm.slowedreverb.com.au', 'fm', null],
    ['nightcorefan.music.example', 'subscriber', 'nightcorefan'],
    ['-bad-.localhost', 'not-found', null],
  ])('%s is a %s host', (host, site, subdomain) => {
    expect(resolveHost(host)).toMatchObject({ site, subdomain });
  });

  it('treats slowedreverb.localhost itself as the main site', () => {
    expect(resolveHost('slowedreverb.localhost:8080')).toEqual({
      brand: 'slowed-reverb',
      site: 'main',
      subdomain: null,
    });
  });
});

describe('brand selection', () => {
  it('picks slowed-reverb when its name is in the host', () => {
    expect(brandIdForHost('www.slowedreverb.example')).toBe('slowed-reverb');
    expect(brandIdForHost('fm.slowedreverb.localhost:5000')).toBe('slowed-reverb');
  });

  it('picks nightcore for its own name and for any other host', () => {
    expect(brandIdForHost('nightcore.example')).toBe('nightcore');
    expect(brandIdForHost('some-other-site.org')).toBe('nightcore');
  });

  it('loads validated brand data', () => {
    expect(loadBrand('slowedreverb.localhost').siteName).toBe('Slowed & Reverb');
    expect(loadBrand('localhost').siteName).toBe('Nightcore');
  });

  it.each(Object.values(brands))('$id passes its schema', (brand) => {
    expect(brandConfigSchema.safeParse(brand).success).toBe(true);
  });

  it.each(Object.entries(brandFaqs))("%s's FAQ passes its schema", (_id, faq) => {
    expect(brandFaqSchema.safeParse(faq).success).toBe(true);
  });
});

describe('siteUrl', () => {
  it('keeps the base domain and port of the current host', () => {
    expect(siteUrl('localhost:8080', 'fm', 'http:')).toBe('http://fm.localhost:8080');
    expect(siteUrl('www.slowedreverb.localhost:8080', 'fm', 'http:')).toBe(
      'http://fm.slowedreverb.localhost:8080',
    );
    expect(siteUrl('www.nightcore.example', 'alice')).toBe('https://alice.nightcore.example');
  });

  it('keeps the whole domain under a public suffix of two labels (co.uk)', () => {
    expect(siteUrl('www.nightcore.co.uk', 'fm')).toBe('https://fm.nightcore.co.uk');
    expect(siteUrl('alice.nightcore.co.uk', 'www')).toBe('https://www.nightcore.co.uk');
    expect(siteUrl('nightcore.co.uk', 'alice')).toBe('https://alice.nightcore.co.uk');
  });
});
