/**
 * Writing values into HTML that the server sends (ARCHITECTURE.md, pages rendered on the server):
 * page heads, link previews and sanitized HTML all escape through this one function.
 */

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

/** Text for a preview: one line (line breaks become spaces), cut at DESCRIPTION_MAX. */
export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** What a link preview (Discord, X, a messenger) and a search engine read from a page's head. */
export interface PreviewHead {
  title: string;
  description: string;
  /** The page's absolute canonical address; none for a page that names no address of its own. */
  url?: string;
  /** An absolute picture address, when the page has one. */
  image?: string;
  /** `video.other` for a song, `website` otherwise. */
  type?: string;
  siteName: string;
  /** A picture worth a large card (a song's thumbnail, a site's banner): `summary_large_image`. */
  largeImage?: boolean;
}

/**
 * The title, description, canonical address, Open Graph and X card tags of a page, every value
 * escaped; empty values leave their tag out.
 */
export function previewTags(head: PreviewHead, { withTitle = true } = {}): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  const large = head.largeImage ?? Boolean(head.image);
  return [
    withTitle ? `<title>${escapeHtml(head.title)}</title>` : '',
    meta('name', 'description', head.description),
    head.url ? `<link rel="canonical" href="${escapeHtml(head.url)}" />` : '',
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', large ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
  ]
    .filter(Boolean)
    .join('');
}
