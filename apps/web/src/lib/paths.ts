import type { ContactTopic } from '@fansite/contract';
import type { RegisteredRouter, ToOptions } from '@tanstack/react-router';
import { stringifySearch } from './search-params.ts';

/**
 * The href of a destination typed by the router: `to`, `params` and `search` are checked against
 * the route tree (an unknown key in `search` is an error), so renaming a route or one of its search
 * parameters fails the type check here. The href is written the way the router writes it
 * (`stringifySearch`).
 */
function href<To extends string>(options: ToOptions<RegisteredRouter, '/', To>): string {
  const { params, search } = options as {
    params?: Record<string, string>;
    search?: Record<string, unknown>;
  };
  const path = String(options.to).replace(/\$(\w+)/g, (_, name: string) =>
    encodeURIComponent(params?.[name] ?? ''),
  );
  return path + stringifySearch(search ?? {});
}

/**
 * Addresses of the site's pages (docs/product.md, screens). ui-kit components take plain hrefs and the
 * router link resolves them, query string included; every href is built here, from typed options.
 */
export const paths = {
  home: href({ to: '/' }),
  playlists: href({ to: '/playlists' }),
  playlist: (playlistId: string) => href({ to: '/playlist', search: { p: playlistId } }),
  song: (videoId: string, playlistId: string, { shuffle = false, startSeconds = 0 } = {}) =>
    href({
      to: '/song',
      search: {
        s: videoId,
        p: playlistId,
        shuffle: shuffle ? 'true' : undefined,
        t: startSeconds >= 1 ? String(Math.floor(startSeconds)) : undefined,
      },
    }),
  /** `type: 'artist'` searches the artist names only. */
  search: (text: string, type?: 'artist') => href({ to: '/search', search: { q: text, type } }),
  network: href({ to: '/network' }),
  login: href({ to: '/login' }),
  account: href({ to: '/account' }),
  verifyEmail: href({ to: '/verify-email' }),
  changePassword: href({ to: '/account/change-password' }),
  website: href({ to: '/account/website' }),
  promotion: href({ to: '/account/promotion' }),
  songMaker: href({ to: '/account/make' }),
  artwork: href({ to: '/account/artwork' }),
  signup: href({ to: '/signup' }),
  forgotPassword: href({ to: '/forgot-password' }),
  privacy: href({ to: '/privacy' }),
  faq: href({ to: '/faq' }),
  contact: href({ to: '/get-in-touch' }),
  contactAbout: (topic: ContactTopic) => href({ to: '/get-in-touch', search: { topic } }),
  members: href({ to: '/members' }),
  latest: href({ to: '/latest' }),
  staffInbox: href({ to: '/staff/inbox' }),
  staffMusic: href({ to: '/staff/music' }),
  staffNews: href({ to: '/staff/news' }),
  staffNetwork: href({ to: '/staff/network' }),
  staffLog: href({ to: '/staff/log' }),
} as const;
