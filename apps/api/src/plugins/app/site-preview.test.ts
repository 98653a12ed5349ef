import { describe, expect, it } from 'vitest';
import type { PublicSubscriberSite } from '../../repositories/subscriber-sites.ts';
import { escapeHtml } from '@fansite/ssr/html';
import { sitePreviewTags, withHeadTags } from './site-preview.ts';

const site = (changes: Partial<PublicSubscriberSite['data']> = {}): PublicSubscriberSite => ({
  profilePic: 'https://pics.example/me.jpg',
  data: {
    id: 1,
    enabled: 'yes',
    domain_name: 'alice',
    name: 'Alice Sings',
    subtitle: 'Covers every Friday',
    about_me: '',
    social_text: '',
    banner_url: 'https://pics.example/banner.jpg',
    youtube: '',
    twitter: '',
    patreon: '',
    facebook: '',
    instagram: '',
    discord: '',
    tiktok: '',
    soundcloud: '',
    rumble: '',
    spotify: '',
    ...changes,
  },
});
const page = { pageUrl: 'https://alice.nightcore.example/', siteName: 'Nightcore' };

describe('sitePreviewTags', () => {
  it('names the site, its subtitle and banner for Open Graph and X', () => {
    const tags = sitePreviewTags(site(), page);
    expect(tags).toContain('<title>Alice Sings</title>');
    expect(tags).toContain('<meta name="description" content="Covers every Friday" />');
    expect(tags).toContain('<meta property="og:title" content="Alice Sings" />');
    expect(tags).toContain(
      '<meta property="og:image" content="https://pics.example/banner.jpg" />',
    );
    expect(tags).toContain('<meta property="og:url" content="https://alice.nightcore.example/" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('falls back to the profile picture and the about-me text', () => {
    const tags = sitePreviewTags(
      site({ banner_url: '', subtitle: '', about_me: 'Hi,\nI sing.' }),
      page,
    );
    expect(tags).toContain('<meta property="og:image" content="https://pics.example/me.jpg" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).toContain('<meta property="og:description" content="Hi, I sing." />');
  });

  it('escapes every value, so a name cannot close the tag or add script', () => {
    const tags = sitePreviewTags(
      site({ name: '</title><script>alert(1)</script>', subtitle: '" onload="x' }),
      page,
    );
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(tags).toContain('content="&quot; onload=&quot;x"');
  });

  it('leaves out images that are not web addresses', () => {
    const tags = sitePreviewTags(site({ banner_url: 'javascript:alert(1)' }), {
      ...page,
    });
    expect(tags).not.toContain('javascript:');
  });
});

describe('withHeadTags', () => {
  it('puts the tags at the end of the head', () => {
    expect(
      withHeadTags('<html><head><meta charset="utf-8"></head><body></body></html>', '<x>'),
    ).toBe('<html><head><meta charset="utf-8">  <x>\n  </head><body></body></html>');
  });

  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
