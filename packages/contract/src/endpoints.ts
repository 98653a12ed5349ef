/**
 * Where each call lives and how it travels, without its schemas: the browser's client needs only
 * this table, and keeping it apart from the zod schemas (calls.ts) keeps zod out of the pages'
 * first download. calls.ts adds the input and answer schemas to each entry.
 */

/** Every route lives under this prefix. */
export const API_PREFIX = '/api/v1';

/** Whether a path (without its query) is the API's rather than a page's or a file's. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/**
 * How a call carries its input: `query` for GETs (and the one POST whose contract puts its field in
 * the query), `form` for urlencoded POST bodies, `multipart` for POSTs that may carry files.
 */
export type InputKind = 'query' | 'form' | 'multipart';

/**
 * none: public; optional: personalised when a token is sent; required: 401 without one;
 * subscriber: as required, and 403 for a signed-in person who is not a subscriber; staff: as
 * required, and 403 for anyone not on the team.
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'subscriber' | 'staff';

export interface Endpoint<Auth extends AuthMode = AuthMode> {
  method: 'GET' | 'POST';
  path: string;
  inputKind: InputKind;
  /** Kept as its literal type: the client derives which query keys name the viewer from it. */
  auth: Auth;
  /**
   * Asked without a token, its answer is the catalogue's alone: the same for every visitor until
   * the catalogue version moves on (a page rendered from such reads is kept for that version).
   */
  catalogueOnly?: true;
}

export const endpoints = {
  playlistAll: {
    method: 'GET',
    path: '/playlist/all',
    inputKind: 'query',
    auth: 'none',
    catalogueOnly: true,
  },
  playlistGet: {
    method: 'GET',
    path: '/playlist/get',
    inputKind: 'query',
    auth: 'none',
    catalogueOnly: true,
  },
  playlistExplore: { method: 'GET', path: '/playlist/explore', inputKind: 'query', auth: 'none' },
  playlistUpNext: {
    method: 'GET',
    path: '/playlist/upnext',
    inputKind: 'query',
    auth: 'none',
    catalogueOnly: true,
  },
  songGet: {
    method: 'GET',
    path: '/song/get',
    inputKind: 'query',
    auth: 'optional',
    catalogueOnly: true,
  },
  songRandom: { method: 'GET', path: '/song/random', inputKind: 'query', auth: 'none' },
  songSearch: {
    method: 'GET',
    path: '/song/search',
    inputKind: 'query',
    auth: 'none',
    catalogueOnly: true,
  },
  songSearchPage: {
    method: 'GET',
    path: '/song/searchpage',
    inputKind: 'query',
    auth: 'none',
    catalogueOnly: true,
  },
  contactRequest: {
    method: 'POST',
    path: '/contact/request',
    inputKind: 'multipart',
    auth: 'none',
  },
  favoriteGetLatest: {
    method: 'GET',
    path: '/favorite/getlatest',
    inputKind: 'query',
    auth: 'required',
  },
  favoriteGet: { method: 'GET', path: '/favorite/get', inputKind: 'query', auth: 'required' },
  favoriteRandom: { method: 'GET', path: '/favorite/random', inputKind: 'query', auth: 'required' },
  favoriteAdd: { method: 'POST', path: '/favorite/add', inputKind: 'form', auth: 'required' },
  favoriteRemove: { method: 'POST', path: '/favorite/remove', inputKind: 'form', auth: 'required' },
  favoriteGetAll: { method: 'GET', path: '/favorite/getall', inputKind: 'query', auth: 'required' },
  memberStats: { method: 'GET', path: '/member/stats', inputKind: 'query', auth: 'none' },
  memberAll: { method: 'GET', path: '/member/all', inputKind: 'query', auth: 'none' },
  memberTestimonial: {
    method: 'GET',
    path: '/member/testimonial',
    inputKind: 'query',
    auth: 'none',
  },
  subscriberSites: {
    method: 'GET',
    path: '/subscriber/getsubscriberssite',
    inputKind: 'query',
    auth: 'none',
  },
  subscriberInfo: { method: 'GET', path: '/subscriber/getinfo', inputKind: 'query', auth: 'none' },
  accountInfo: { method: 'GET', path: '/account/getinfo', inputKind: 'query', auth: 'required' },
  accountDiscordAuthorize: {
    method: 'GET',
    path: '/account/discord_authorize',
    inputKind: 'query',
    auth: 'required',
  },
  accountDisconnectDiscord: {
    method: 'GET',
    path: '/account/disconnect_discord',
    inputKind: 'query',
    auth: 'required',
  },
  accountPatreonInfo: {
    method: 'GET',
    path: '/account/patreon_getinfo',
    inputKind: 'query',
    auth: 'required',
  },
  accountPatreonAuthorize: {
    method: 'GET',
    path: '/account/patreon_authorize',
    inputKind: 'query',
    auth: 'required',
  },
  accountDisconnectPatreon: {
    method: 'GET',
    path: '/account/disconnect_patreon',
    inputKind: 'query',
    auth: 'required',
  },
  websiteGet: { method: 'GET', path: '/website/get', inputKind: 'query', auth: 'subscriber' },
  websiteActivate: {
    method: 'POST',
    path: '/website/activate',
    inputKind: 'query',
    auth: 'subscriber',
  },
  websiteSave: {
    method: 'POST',
    path: '/website/save',
    inputKind: 'multipart',
    auth: 'subscriber',
  },
  promotionGet: { method: 'GET', path: '/promotion/get', inputKind: 'query', auth: 'subscriber' },
  promotionSave: {
    method: 'POST',
    path: '/promotion/save',
    inputKind: 'multipart',
    auth: 'subscriber',
  },
  promotionToday: { method: 'GET', path: '/promotion/today', inputKind: 'query', auth: 'none' },
  makeHistory: { method: 'GET', path: '/make/history', inputKind: 'query', auth: 'subscriber' },
  makeConvert: {
    method: 'POST',
    path: '/make/convert',
    inputKind: 'multipart',
    auth: 'subscriber',
  },
  makeProgress: { method: 'GET', path: '/make/progress', inputKind: 'query', auth: 'subscriber' },
  feedGet: { method: 'GET', path: '/feed/get', inputKind: 'query', auth: 'none' },
  radioGet: { method: 'GET', path: '/radio/get', inputKind: 'query', auth: 'none' },
  radioSetNewSong: { method: 'GET', path: '/radio/setnewsong', inputKind: 'query', auth: 'none' },
  // The team's console (staff only).
  staffInbox: { method: 'GET', path: '/staff/inbox', inputKind: 'query', auth: 'staff' },
  staffInboxUpdate: {
    method: 'POST',
    path: '/staff/inbox/update',
    inputKind: 'form',
    auth: 'staff',
  },
  staffInboxRemoveSong: {
    method: 'POST',
    path: '/staff/inbox/removesong',
    inputKind: 'form',
    auth: 'staff',
  },
  staffPlaylists: { method: 'GET', path: '/staff/playlists', inputKind: 'query', auth: 'staff' },
  staffPlaylistSongs: {
    method: 'GET',
    path: '/staff/playlist/songs',
    inputKind: 'query',
    auth: 'staff',
  },
  staffPlaylistCreate: {
    method: 'POST',
    path: '/staff/playlist/create',
    inputKind: 'form',
    auth: 'staff',
  },
  staffPlaylistUpdate: {
    method: 'POST',
    path: '/staff/playlist/update',
    inputKind: 'form',
    auth: 'staff',
  },
  staffPlaylistDelete: {
    method: 'POST',
    path: '/staff/playlist/delete',
    inputKind: 'form',
    auth: 'staff',
  },
  staffPlaylistMove: {
    method: 'POST',
    path: '/staff/playlist/move',
    inputKind: 'form',
    auth: 'staff',
  },
  staffSongLookup: { method: 'GET', path: '/staff/song/lookup', inputKind: 'query', auth: 'staff' },
  staffSongAdd: { method: 'POST', path: '/staff/song/add', inputKind: 'form', auth: 'staff' },
  staffSongMove: { method: 'POST', path: '/staff/song/move', inputKind: 'form', auth: 'staff' },
  staffSongReorder: {
    method: 'POST',
    path: '/staff/song/reorder',
    inputKind: 'form',
    auth: 'staff',
  },
  staffSongRemove: { method: 'POST', path: '/staff/song/remove', inputKind: 'form', auth: 'staff' },
  staffFeed: { method: 'GET', path: '/staff/feed', inputKind: 'query', auth: 'staff' },
  staffFeedSave: { method: 'POST', path: '/staff/feed/save', inputKind: 'form', auth: 'staff' },
  staffFeedDelete: { method: 'POST', path: '/staff/feed/delete', inputKind: 'form', auth: 'staff' },
  staffNetwork: { method: 'GET', path: '/staff/network', inputKind: 'query', auth: 'staff' },
  staffMemberSave: { method: 'POST', path: '/staff/member/save', inputKind: 'form', auth: 'staff' },
  staffMemberDelete: {
    method: 'POST',
    path: '/staff/member/delete',
    inputKind: 'form',
    auth: 'staff',
  },
  staffTestimonialSave: {
    method: 'POST',
    path: '/staff/testimonial/save',
    inputKind: 'form',
    auth: 'staff',
  },
  staffTestimonialDelete: {
    method: 'POST',
    path: '/staff/testimonial/delete',
    inputKind: 'form',
    auth: 'staff',
  },
  staffSubscribers: {
    method: 'GET',
    path: '/staff/subscribers',
    inputKind: 'query',
    auth: 'staff',
  },
  staffSiteDisable: {
    method: 'POST',
    path: '/staff/site/disable',
    inputKind: 'form',
    auth: 'staff',
  },
  staffLog: { method: 'GET', path: '/staff/log', inputKind: 'query', auth: 'staff' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
