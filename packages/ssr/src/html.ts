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

/** A tag of a page's head, as TanStack Router's route `head` declares it. */
export type HeadMeta =
  { title: string } | { name: string; content: string } | { property: string; content: string };

/** What a link preview (Discord, X, a messenger) and a search engine read of a page. */
export interface Preview {
  title: string;
  /** Plain text, made one line and cut here (`previewText`). */
  description: string;
  /** The page's canonical address; a path is made absolute on the served site's origin. */
  url: string;
  siteName: string;
  /** An absolute picture address, when the page has one. */
  image?: string;
  /** A small square picture (a profile picture) gets X's small card; others its large one. */
  smallImage?: boolean;
  /** The Open Graph type: `website` when omitted, `video.other` for a song. */
  type?: string;
}

/** The title, description, Open Graph and X card tags of a page's head. */
export function previewMeta(preview: Preview): HeadMeta[] {
  const { title, url, siteName, image } = preview;
  const description = previewText(preview.description);
  const meta: HeadMeta[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: preview.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    {
      name: 'twitter:card',
      content: image && !preview.smallImage ? 'summary_large_image' : 'summary',
    },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    meta.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  }
  return meta;
}
