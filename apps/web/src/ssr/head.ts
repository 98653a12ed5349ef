import type { BrandConfig } from '@fansite/brand-config';
import type { PlaylistDetail, Song } from '@fansite/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { AppContext } from '../lib/context.ts';
import { paths } from '../lib/paths.ts';

/** What a link preview (Discord, X, a messenger) and a search engine read from a page's head. */
export interface PageHead {
  title: string;
  description: string;
  /** Path and query of the page's canonical address, from the site's root. */
  canonicalPath: string;
  /** An absolute picture address, when the page has one (a song's video thumbnail). */
  image?: string;
  /** `video.other` for a song, `website` otherwise. */
  type?: string;
}

/** Every value goes into an attribute or text between tags: these five make it inert. */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Descriptions in previews are cut here (what Discord and X show anyway). */
const DESCRIPTION_MAX = 200;

function clip(text: string): string {
  // Plain text (the values are escaped where they are written): line breaks become spaces.
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

interface HeadInput {
  routeId: string;
  search: Record<string, unknown>;
  brand: BrandConfig;
  queryClient: QueryClient;
  queries: AppContext['queries'];
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The head of a page as the server renders it, from what the page's queries already hold: the
 * song's title, artist and thumbnail, the playlist's name. Pages without data of their own get
 * their name and the brand's description.
 */
export function pageHead({ routeId, search, brand, queryClient, queries }: HeadInput): PageHead {
  const site = brand.siteName;
  const siteDescription = `Hand-picked ${site} songs in playlists, free to play: browse, search and listen.`;
  const page = (name: string, canonicalPath: string, description = siteDescription): PageHead => ({
    title: `${name} | ${site}`,
    description,
    canonicalPath,
  });
  switch (routeId) {
    case '/': {
      return { title: site, description: siteDescription, canonicalPath: paths.home };
    }
    case '/playlists': {
      return page('Playlists', paths.playlists, `Every ${site} playlist, newest and most played.`);
    }
    case '/playlist': {
      const p = text(search.p);
      const detail = p
        ? queryClient.getQueryData<PlaylistDetail>(queries.playlist.get({ p }).queryKey)
        : undefined;
      if (!p || !detail) return page('Playlist', paths.playlists);
      const { playlist } = detail;
      return page(
        playlist.category_name,
        paths.playlist(p),
        clip(playlist.description) ||
          `${detail.songs.length} songs in the ${playlist.category_name} playlist.`,
      );
    }
    case '/song': {
      const s = text(search.s);
      const p = text(search.p);
      const song =
        s && p
          ? queryClient.getQueryData<Song>(queries.song.get({ s, p }, null).queryKey)
          : undefined;
      if (!s || !p || !song) return page('Song', paths.home);
      const t = Number(search.t);
      return {
        title: `${song.title} | ${site}`,
        description: clip(`${song.title} by ${song.author_name}. ${song.description}`),
        // A shared link that starts part-way through keeps its start in the preview's address.
        canonicalPath: paths.song(s, p, { startSeconds: Number.isFinite(t) ? t : 0 }),
        image: `https://i.ytimg.com/vi/${encodeURIComponent(s)}/hqdefault.jpg`,
        type: 'video.other',
      };
    }
    case '/search': {
      const q = text(search.q)?.trim();
      return page(q ? `Search: ${q}` : 'Search', paths.search(q ?? ''));
    }
    case '/faq': {
      return page('FAQ', paths.faq, `Questions and answers about ${site}.`);
    }
    case '/network': {
      return page(
        'Network',
        paths.network,
        `The ${site} creator network: members, supporters and what they say.`,
      );
    }
    default: {
      return page(site, routeId.startsWith('/') ? routeId : paths.home);
    }
  }
}

/** The tags of a page head, every value escaped. */
export function headTags(
  head: PageHead,
  { origin, siteName, withTitle }: { origin: string; siteName: string; withTitle: boolean },
) {
  const url = new URL(head.canonicalPath, origin).href;
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    withTitle ? `<title>${escapeHtml(head.title)}</title>` : '',
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
  ]
    .filter(Boolean)
    .join('');
}
