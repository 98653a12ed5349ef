import type { BrandConfig } from '@fansite/brand-config';
import { previewMeta, type HeadMeta } from '@fansite/ssr/html';

/**
 * What a link preview (Discord, X, a messenger) and a search engine read from a page's head, as a
 * route declares it in its `head` (ARCHITECTURE.md, pages rendered on the server). The server
 * writes the tags of the page's routes, the deepest route's winning; addresses given as paths are
 * made absolute with the served site's origin.
 */
export interface PageHead {
  /** The page's name; the title is the name and the brand, or the brand alone without one. */
  page?: string;
  /** Plain text; the brand's description when omitted. */
  description?: string;
  /** Path and query of the page's canonical address, from the site's root. */
  path: string;
  /** An absolute picture address, when the page has one (a song's video thumbnail). */
  image?: string;
  /** `video.other` for a song, `website` otherwise. */
  type?: string;
}

/** The tags a route's `head` declares. */
export interface RouteHead {
  meta: HeadMeta[];
  links: { rel: string; href: string }[];
}

/** A page head as TanStack Router's route `head` returns it. */
export function routeHead(brand: BrandConfig, head: PageHead): RouteHead {
  const site = brand.siteName;
  const title = head.page ? `${head.page} | ${site}` : site;
  const meta = previewMeta({
    title,
    description:
      head.description ||
      `Hand-picked ${site} songs in playlists, free to play: browse, search and listen.`,
    url: head.path,
    siteName: site,
    image: head.image,
    type: head.type,
  });
  return { meta, links: [{ rel: 'canonical', href: head.path }] };
}
