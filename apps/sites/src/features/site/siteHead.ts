import type { BrandConfig } from '@fansite/brand-config';
import type { SubscriberInfo } from '@fansite/contract';
import { previewMeta } from '@fansite/ssr/html';

const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

/**
 * The head of a subscriber's site, as its route declares it (ARCHITECTURE.md, pages rendered on
 * the server): link previews (Discord, X, messengers) read the site's name, subtitle and picture
 * from the HTML and run no JavaScript. The server makes the paths absolute on the site's origin
 * and escapes every value.
 */
export function siteHead(brand: BrandConfig, { data, profile_pic }: SubscriberInfo) {
  const banner = httpUrl(data.banner_url);
  const meta = previewMeta({
    title: data.name,
    description: data.subtitle || data.about_me,
    url: '/',
    siteName: brand.siteName,
    // A banner is worth a large card; a profile picture is a small square.
    image: banner || httpUrl(profile_pic),
    smallImage: !banner,
  });
  return { meta, links: [{ rel: 'canonical', href: '/' }] };
}
