import { z } from 'zod';
import {
  exploreItemSchema,
  playlistAllQuerySchema,
  playlistCardSchema,
  playlistGetQuerySchema,
  playlistDetailSchema,
  playlistUpNextQuerySchema,
  playlistUpNextSchema,
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
import { endpoints, type AuthMode, type Endpoint } from './endpoints.ts';
import { staffCalls } from './staff.ts';
import {
  patreonAuthorizeQuerySchema,
  patreonAuthorizeSchema,
  patreonInfoSchema,
} from './patreon.ts';
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

/** An endpoint with the schemas of what it takes and what it answers. */
export interface CallDefinition<
  Input extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends AuthMode = AuthMode,
> extends Endpoint<Auth> {
  input: Input;
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
    ...endpoints.playlistAll,
    input: playlistAllQuerySchema,
    data: z.array(playlistCardSchema),
  }),
  playlistGet: call({
    ...endpoints.playlistGet,
    input: playlistGetQuerySchema,
    data: playlistDetailSchema,
  }),
  playlistUpNext: call({
    ...endpoints.playlistUpNext,
    input: playlistUpNextQuerySchema,
    data: playlistUpNextSchema,
  }),
  playlistExplore: call({
    ...endpoints.playlistExplore,
    input: noInput,
    data: z.array(exploreItemSchema),
  }),
  songGet: call({
    ...endpoints.songGet,
    input: songGetQuerySchema,
    data: songSchema,
  }),
  songRandom: call({
    ...endpoints.songRandom,
    input: songRandomQuerySchema,
    data: randomSongSchema,
  }),
  songSearch: call({
    ...endpoints.songSearch,
    input: songSearchQuerySchema,
    data: searchResultsSchema,
  }),
  /** The same search a page at a time, with the number of matches: lists loaded as they scroll. */
  songSearchPage: call({
    ...endpoints.songSearchPage,
    input: songSearchPageQuerySchema,
    data: searchPageSchema,
  }),
  contactRequest: call({
    ...endpoints.contactRequest,
    input: contactRequestSchema,
    data: noData,
  }),

  favoriteGetLatest: call({
    ...endpoints.favoriteGetLatest,
    input: tokenQuerySchema,
    data: favoriteLatestSchema,
  }),
  favoriteGet: call({
    ...endpoints.favoriteGet,
    input: favoriteGetQuerySchema,
    data: favoriteSongSchema,
  }),
  favoriteRandom: call({
    ...endpoints.favoriteRandom,
    input: tokenQuerySchema,
    data: favoriteRandomSchema,
  }),
  favoriteAdd: call({
    ...endpoints.favoriteAdd,
    input: favoriteChangeBodySchema,
    data: noData,
  }),
  favoriteRemove: call({
    ...endpoints.favoriteRemove,
    input: favoriteChangeBodySchema,
    data: noData,
  }),
  favoriteGetAll: call({
    ...endpoints.favoriteGetAll,
    input: tokenQuerySchema,
    data: favoriteListSchema,
  }),

  memberStats: call({
    ...endpoints.memberStats,
    input: noInput,
    data: memberStatsSchema,
  }),
  memberAll: call({
    ...endpoints.memberAll,
    input: memberAllQuerySchema,
    data: z.array(memberSchema),
  }),
  memberTestimonial: call({
    ...endpoints.memberTestimonial,
    input: noInput,
    data: z.array(testimonialSchema),
  }),
  subscriberSites: call({
    ...endpoints.subscriberSites,
    input: noInput,
    data: z.array(supporterSchema),
  }),
  subscriberInfo: call({
    ...endpoints.subscriberInfo,
    input: subscriberInfoQuerySchema,
    data: subscriberInfoSchema,
  }),

  accountInfo: call({
    ...endpoints.accountInfo,
    input: tokenQuerySchema,
    data: accountInfoSchema,
  }),
  accountDiscordAuthorize: call({
    ...endpoints.accountDiscordAuthorize,
    input: discordAuthorizeQuerySchema,
    data: discordAuthorizeSchema,
  }),
  accountDisconnectDiscord: call({
    ...endpoints.accountDisconnectDiscord,
    input: tokenQuerySchema,
    data: noData,
  }),
  accountPatreonInfo: call({
    ...endpoints.accountPatreonInfo,
    input: tokenQuerySchema,
    data: patreonInfoSchema,
  }),
  accountPatreonAuthorize: call({
    ...endpoints.accountPatreonAuthorize,
    input: patreonAuthorizeQuerySchema,
    data: patreonAuthorizeSchema,
  }),
  accountDisconnectPatreon: call({
    ...endpoints.accountDisconnectPatreon,
    input: tokenQuerySchema,
    data: noData,
  }),

  websiteGet: call({
    ...endpoints.websiteGet,
    input: tokenQuerySchema,
    data: subscriberWebsiteSchema.nullable(),
  }),
  websiteActivate: call({
    ...endpoints.websiteActivate,
    input: websiteActivateQuerySchema,
    data: subscriberWebsiteSchema,
  }),
  websiteSave: call({
    ...endpoints.websiteSave,
    input: websiteSaveBodySchema,
    data: subscriberWebsiteSchema,
  }),

  promotionGet: call({
    ...endpoints.promotionGet,
    input: tokenQuerySchema,
    data: promotionSchema,
  }),
  promotionSave: call({
    ...endpoints.promotionSave,
    input: promotionSaveBodySchema,
    data: promotionSchema,
  }),

  promotionToday: call({
    ...endpoints.promotionToday,
    input: noInput,
    data: channelOfTheDaySchema,
  }),

  makeHistory: call({
    ...endpoints.makeHistory,
    input: tokenQuerySchema,
    data: z.array(conversionHistoryEntrySchema),
  }),
  // POST /make/convert carries a file; its input is checked by the route itself (size, magic bytes, speed).
  makeConvert: call({
    ...endpoints.makeConvert,
    input: makeConvertFormSchema,
    data: conversionLinkSchema,
  }),
  // Not in docs/calls.md: how far a conversion has got, for the page's progress bar.
  makeProgress: call({
    ...endpoints.makeProgress,
    input: makeProgressQuerySchema,
    data: conversionProgressSchema,
  }),

  feedGet: call({
    ...endpoints.feedGet,
    input: noInput,
    data: z.array(feedItemSchema),
  }),
  radioGet: call({
    ...endpoints.radioGet,
    input: radioQuerySchema,
    data: radioNowPlayingSchema,
  }),
  radioSetNewSong: call({
    ...endpoints.radioSetNewSong,
    input: radioQuerySchema,
    data: radioNowPlayingSchema,
  }),
  ...staffCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<Name extends CallName> = z.input<Calls[Name]['input']>;
export type CallData<Name extends CallName> = z.infer<Calls[Name]['data']>;
