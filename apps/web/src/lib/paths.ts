/**
 * Addresses of the site's pages as SPEC.md section 2 spells them. ui-kit components take plain
 * hrefs; the router link resolves them, query string included.
 */
export const paths = {
  home: '/',
  playlists: '/playlists',
  playlist: (playlistId: string) => withQuery('/playlist', { p: playlistId }),
  song: (videoId: string, playlistId: string) => withQuery('/song', { s: videoId, p: playlistId }),
  search: (text: string) => withQuery('/search', { q: text }),
  network: '/network',
  login: '/login',
  privacy: '/privacy',
  faq: '/faq',
  contact: '/get-in-touch',
} as const;

function withQuery(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params)}`;
}
