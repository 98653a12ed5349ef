import { z } from 'zod';
import {
  exploreItemSchema,
  playlistAllQuerySchema,
  playlistCardSchema,
  playlistGetQuerySchema,
  playlistDetailSchema,
  randomSongSchema,
  searchPageSchema,
  searchResultsSchema,
  songGetQuerySchema,
  songRandomQuerySchema,
  songSchema,
  songSearchPageQuerySchema,
  songSearchQuerySchema,
} from './catalog.ts';
import { contactRequestSchema } from './contact.ts';
import {
  accountInfoSchema,
  channelOfTheDaySchema,
  discordAuthorizeQuerySchema,
  discordAuthorizeSchema,
  conversionHistoryEntrySchema,
  conversionLinkSchema,
  conversionProgressSchema,
  makeConvertFormSchema,
  makeProgressQuerySchema,
  favoriteChangeBodySchema,
  favoriteGetQuerySchema,
  favoriteLatestSchema,
  favoriteListSchema,
  favoriteRandomSchema,
  favoriteSongSchema,
  feedItemSchema,
  memberAllQuerySchema,
  memberSchema,
  memberStatsSchema,
  promotionSaveBodySchema,
  promotionSchema,
  radioNowPlayingSchema,
  radioQuerySchema,
  subscriberInfoQuerySchema,
  subscriberInfoSchema,
  subscriberWebsiteSchema,
  supporterSchema,
  testimonialSchema,
  tokenQuerySchema,
  websiteActivateQuerySchema,
  websiteSaveBodySchema,
} from './community.ts';

/** Every route lives under this prefix. */
export const API_PREFIX = '/api/v1';

/**
 * How a call carries its input: `query` for GETs (and the one POST whose contract puts its field in
 * the query), `form` for urlencoded POST bodies, `multipart` for POSTs that may carry files.
 */
export type InputKind = 'query' | 'form' | 'multipart';

/**
 * none: public; optional: personalised when a token is sent; required: 401 without one;
 * subscriber: as required, and 403 for a signed-in person who is not a subscriber.
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'subscriber';

export interface CallDefinition<
  Input extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends AuthMode = AuthMode,
> {
  method: 'GET' | 'POST';
  path: string;
  input: Input;
  inputKind: InputKind;
  /** Kept as its literal type: the client derives which query keys name the viewer from it. */
  auth: Auth;
  data: Data;
}

const call = <Input extends z.ZodType, Data extends z.ZodType, Auth extends AuthMode>(
  definition: CallDefinition<Input, Data, Auth>,
) => definition;

const noInput = z.object({});
const noData = z.null();

/** The calls of docs/calls.md: the one truth the server and the browser client share. */
export const calls = {
  playlistAll: call({
    method: 'GET',
    path: '/playlist/all',
    input: playlistAllQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: z.array(playlistCardSchema),
  }),
  playlistGet: call({
    method: 'GET',
    path: '/playlist/get',
    input: playlistGetQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: playlistDetailSchema,
  }),
  playlistExplore: call({
    method: 'GET',
    path: '/playlist/explore',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: z.array(exploreItemSchema),
  }),
  songGet: call({
    method: 'GET',
    path: '/song/get',
    input: songGetQuerySchema,
    inputKind: 'query',
    auth: 'optional',
    data: songSchema,
  }),
  songRandom: call({
    method: 'GET',
    path: '/song/random',
    input: songRandomQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: randomSongSchema,
  }),
  songSearch: call({
    method: 'GET',
    path: '/song/search',
    input: songSearchQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: searchResultsSchema,
  }),
  /** The same search a page at a time, with the number of matches: lists loaded as they scroll. */
  songSearchPage: call({
    method: 'GET',
    path: '/song/searchpage',
    input: songSearchPageQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: searchPageSchema,
  }),
  contactRequest: call({
    method: 'POST',
    path: '/contact/request',
    input: contactRequestSchema,
    inputKind: 'multipart',
    auth: 'none',
    data: noData,
  }),

  favoriteGetLatest: call({
    method: 'GET',
    path: '/favorite/getlatest',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: favoriteLatestSchema,
  }),
  favoriteGet: call({
    method: 'GET',
    path: '/favorite/get',
    input: favoriteGetQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: favoriteSongSchema,
  }),
  favoriteRandom: call({
    method: 'GET',
    path: '/favorite/random',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: favoriteRandomSchema,
  }),
  favoriteAdd: call({
    method: 'POST',
    path: '/favorite/add',
    input: favoriteChangeBodySchema,
    inputKind: 'form',
    auth: 'required',
    data: noData,
  }),
  favoriteRemove: call({
    method: 'POST',
    path: '/favorite/remove',
    input: favoriteChangeBodySchema,
    inputKind: 'form',
    auth: 'required',
    data: noData,
  }),
  favoriteGetAll: call({
    method: 'GET',
    path: '/favorite/getall',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: favoriteListSchema,
  }),

  memberStats: call({
    method: 'GET',
    path: '/member/stats',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: memberStatsSchema,
  }),
  memberAll: call({
    method: 'GET',
    path: '/member/all',
    input: memberAllQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: z.array(memberSchema),
  }),
  memberTestimonial: call({
    method: 'GET',
    path: '/member/testimonial',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: z.array(testimonialSchema),
  }),
  subscriberSites: call({
    method: 'GET',
    path: '/subscriber/getsubscriberssite',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: z.array(supporterSchema),
  }),
  subscriberInfo: call({
    method: 'GET',
    path: '/subscriber/getinfo',
    input: subscriberInfoQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: subscriberInfoSchema,
  }),

  accountInfo: call({
    method: 'GET',
    path: '/account/getinfo',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: accountInfoSchema,
  }),
  accountDiscordAuthorize: call({
    method: 'GET',
    path: '/account/discord_authorize',
    input: discordAuthorizeQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: discordAuthorizeSchema,
  }),
  accountDisconnectDiscord: call({
    method: 'GET',
    path: '/account/disconnect_discord',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'required',
    data: noData,
  }),

  websiteGet: call({
    method: 'GET',
    path: '/website/get',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'subscriber',
    data: subscriberWebsiteSchema.nullable(),
  }),
  websiteActivate: call({
    method: 'POST',
    path: '/website/activate',
    input: websiteActivateQuerySchema,
    inputKind: 'query',
    auth: 'subscriber',
    data: subscriberWebsiteSchema,
  }),
  websiteSave: call({
    method: 'POST',
    path: '/website/save',
    input: websiteSaveBodySchema,
    inputKind: 'multipart',
    auth: 'subscriber',
    data: subscriberWebsiteSchema,
  }),

  promotionGet: call({
    method: 'GET',
    path: '/promotion/get',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'subscriber',
    data: promotionSchema,
  }),
  promotionSave: call({
    method: 'POST',
    path: '/promotion/save',
    input: promotionSaveBodySchema,
    inputKind: 'multipart',
    auth: 'subscriber',
    data: promotionSchema,
  }),

  promotionToday: call({
    method: 'GET',
    path: '/promotion/today',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: channelOfTheDaySchema,
  }),

  makeHistory: call({
    method: 'GET',
    path: '/make/history',
    input: tokenQuerySchema,
    inputKind: 'query',
    auth: 'subscriber',
    data: z.array(conversionHistoryEntrySchema),
  }),
  // POST /make/convert carries a file; its input is checked by the route itself (size, magic bytes, speed).
  makeConvert: call({
    method: 'POST',
    path: '/make/convert',
    input: makeConvertFormSchema,
    inputKind: 'multipart',
    auth: 'subscriber',
    data: conversionLinkSchema,
  }),
  // Not in docs/calls.md: how far a conversion has got, for the page's progress bar.
  makeProgress: call({
    method: 'GET',
    path: '/make/progress',
    input: makeProgressQuerySchema,
    inputKind: 'query',
    auth: 'subscriber',
    data: conversionProgressSchema,
  }),

  feedGet: call({
    method: 'GET',
    path: '/feed/get',
    input: noInput,
    inputKind: 'query',
    auth: 'none',
    data: z.array(feedItemSchema),
  }),
  radioGet: call({
    method: 'GET',
    path: '/radio/get',
    input: radioQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: radioNowPlayingSchema,
  }),
  radioSetNewSong: call({
    method: 'GET',
    path: '/radio/setnewsong',
    input: radioQuerySchema,
    inputKind: 'query',
    auth: 'none',
    data: radioNowPlayingSchema,
  }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<Name extends CallName> = z.input<Calls[Name]['input']>;
export type CallData<Name extends CallName> = z.infer<Calls[Name]['data']>;
