import type { BrandConfig } from '@fansite/brand-config';

/** Every value goes into an attribute or text between tags: these five make it inert. */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The radio page's title, the same the page sets in the browser. */
export const radioTitle = (brand: BrandConfig) => `Radio | ${brand.siteName}`;

/**
 * The head of the radio page as the server renders it: its title, description, canonical address
 * and link preview tags (Open Graph, X card). Every path of the fm site shows the same page, so the
 * canonical address is always its root. What is playing is not in it: it changes every few minutes.
 */
export function radioHeadTags(brand: BrandConfig, origin: string): string {
  const title = radioTitle(brand);
  const description = `The ${brand.siteName} radio: one stream of songs that every listener hears at the same moment.`;
  const url = new URL('/', origin).href;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ].join('');
}
