import type { BrandConfig } from '@fansite/brand-config';
import type { SubscriberInfo } from '@fansite/contract';
import { previewText } from '@fansite/ssr/html';

const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

type HeadMeta =
  { title: string } | { name: string; content: string } | { property: string; content: string };

/**
 * The head of a subscriber's site, as its route declares it (ARCHITECTURE.md, pages rendered on
 * the server): link previews (Discord, X, messengers) read the site's name, subtitle and picture
 * from the HTML and run no JavaScript. The server makes the paths absolute on the site's origin
 * and escapes every value.
 */
export function siteHead(brand: BrandConfig, { data, profile_pic }: SubscriberInfo) {
  const title = data.name;
  const description = previewText(data.subtitle || data.about_me);
  const banner = httpUrl(data.banner_url);
  const image = banner || httpUrl(profile_pic);
  const meta: HeadMeta[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: '/' },
    // A banner is worth a large card; a profile picture is a small square.
    { name: 'twitter:card', content: banner ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    meta.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  }
  return { meta, links: [{ rel: 'canonical', href: '/' }] };
}
