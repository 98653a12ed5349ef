import type { PublicSubscriberSite } from '../../repositories/subscriber-sites.ts';

/** Every value goes into an attribute or text between tags: these five make it inert. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Descriptions in previews are cut here (what Discord and X show anyway). */
const DESCRIPTION_MAX = 200;

const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

function describe(site: PublicSubscriberSite['data']): string {
  const text = (site.subtitle || site.about_me).replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * The head tags that make a link to a subscriber's site show a rich preview where it is pasted
 * (Discord, X, messengers): those crawlers read the HTML and run no JavaScript, so the server
 * writes the site's name, subtitle and picture into the page it sends.
 */
export function sitePreviewTags(
  { data, profilePic }: PublicSubscriberSite,
  { pageUrl, siteName }: { pageUrl: string; siteName: string },
): string {
  const description = describe(data);
  const banner = httpUrl(data.banner_url);
  const image = banner || httpUrl(profilePic);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    `<title>${escapeHtml(data.name)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', data.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', banner ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', data.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The page with the tags placed at the end of its head. */
export function withHeadTags(html: string, tags: string): string {
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  return `${html.slice(0, end)}  ${tags}\n  ${html.slice(end)}`;
}
