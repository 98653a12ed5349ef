import type { ContactTopic } from '@fansite/contract';

/**
 * Addresses of the site's pages as SPEC.md section 2 spells them. ui-kit components take plain
 * hrefs; the router link resolves them, query string included.
 */
export const paths = {
  home: '/',
  playlists: '/playlists',
  playlist: (playlistId: string) => withQuery('/playlist', { p: playlistId }),
  song: (videoId: string, playlistId: string, { shuffle = false, startSeconds = 0 } = {}) =>
    withQuery('/song', {
      s: videoId,
      p: playlistId,
      ...(shuffle && { shuffle: 'true' }),
      ...(startSeconds >= 1 && { t: String(Math.floor(startSeconds)) }),
    }),
  /** `type: 'artist'` searches the artist names only. */
  search: (text: string, type?: 'artist') =>
    withQuery('/search', type ? { q: text, type } : { q: text }),
  network: '/network',
  login: '/login',
  account: '/account',
  changePassword: '/account/change-password',
  website: '/account/website',
  promotion: '/account/promotion',
  songMaker: '/account/make',
  artwork: '/account/artwork',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  privacy: '/privacy',
  faq: '/faq',
  contact: '/get-in-touch',
  contactAbout: (topic: ContactTopic) => withQuery('/get-in-touch', { topic }),
  members: '/members',
  latest: '/latest',
} as const;

function withQuery(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params)}`;
}
