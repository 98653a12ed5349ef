import { previewTags, previewText } from '@fansite/ssr/html';
import type { PublicSubscriberSite } from '../../repositories/subscriber-sites.ts';

const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

/**
 * The head tags that make a link to a subscriber's site show a rich preview where it is pasted
 * (Discord, X, messengers): those crawlers read the HTML and run no JavaScript, so the server
 * writes the site's name, subtitle and picture into the page it sends.
 */
export function sitePreviewTags(
  { data, profilePic }: PublicSubscriberSite,
  { pageUrl, siteName }: { pageUrl: string; siteName: string },
): string {
  const banner = httpUrl(data.banner_url);
  return previewTags({
    title: data.name,
    description: previewText(data.subtitle || data.about_me),
    url: pageUrl,
    image: banner || httpUrl(profilePic) || undefined,
    largeImage: Boolean(banner),
    siteName,
  });
}

/** The page with the tags placed at the end of its head. */
export function withHeadTags(html: string, tags: string): string {
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  return `${html.slice(0, end)}  ${tags}\n  ${html.slice(end)}`;
}
