import { endpoints, type CallInput, type CallName } from '@fansite/contract';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './client.ts';

/**
 * Query keys start with the resource, then the call, then its input, so that a whole resource
 * can be invalidated at once (`queryClient.invalidateQueries({ queryKey: apiKeys.favorite })`).
 * Calls that send a token end with the viewer, so that one person's answers are never shown to
 * another who signs in on the same page.
 */
export const apiKeys = {
  playlist: ['playlist'] as const,
  song: ['song'] as const,
  favorite: ['favorite'] as const,
  member: ['member'] as const,
  subscriber: ['subscriber'] as const,
  account: ['account'] as const,
  website: ['website'] as const,
  promotion: ['promotion'] as const,
  make: ['make'] as const,
  feed: ['feed'] as const,
  radio: ['radio'] as const,
  staff: ['staff'] as const,
};

type Resource = keyof typeof apiKeys;

/** The signed-in person's user id, or null when signed out. */
export type Viewer = string | null;

/** The calls whose answer depends on who asks, read from the contract's `auth` of each call. */
export type ViewerCallName = {
  [Name in CallName]: (typeof endpoints)[Name]['auth'] extends 'none' ? never : Name;
}[CallName];

/** Whether a call's answer depends on who asks (any auth mode other than `none`). */
export function dependsOnViewer(name: CallName): name is ViewerCallName {
  return endpoints[name].auth !== 'none';
}

/** The last part of the key of a read that sent a token: whose answer it is. */
interface ViewerKeyPart {
  viewer: Viewer;
}

const isSignedInPart = (part: unknown) =>
  typeof part === 'object' &&
  part !== null &&
  'viewer' in part &&
  (part as ViewerKeyPart).viewer !== null;

/**
 * Drops from the cache every answer read for a signed-in person (their favourites, account,
 * website...), so that nothing of theirs is shown once they have signed out; public reads stay.
 */
export function forgetSignedInReads(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey.some(isSignedInPart) });
}

/** The key of a read: resource, call, input, and for a call that sends a token, the viewer. */
function readKey<Name extends CallName>(
  resource: Resource,
  name: Name,
  input: CallInput<Name>,
  viewer: Viewer,
) {
  return dependsOnViewer(name)
    ? ([...apiKeys[resource], name, input, { viewer } satisfies ViewerKeyPart] as const)
    : ([...apiKeys[resource], name, input] as const);
}

/**
 * The arguments of a read: its input, plus the viewer for calls that send a token. The type comes
 * from the contract, so a call that becomes signed-in cannot be read without naming the viewer.
 */
type ReadArgs<Name extends CallName> = Name extends ViewerCallName
  ? [input: CallInput<Name>, viewer: Viewer]
  : [input: CallInput<Name>];

/** queryOptions for the calls that read data, grouped by resource. */
export function createQueries(client: ApiClient) {
  const read =
    <Name extends CallName>(resource: Resource, name: Name) =>
    (...args: ReadArgs<Name>) => {
      const input = args[0] as CallInput<Name>;
      const scoped = dependsOnViewer(name);
      const who: Viewer = scoped ? (args[1] ?? null) : null;
      return queryOptions({
        queryKey: readKey(resource, name, input, who),
        // A signed-out read sends no token even if someone signs in meanwhile: what is cached under
        // "no viewer" never holds anybody's data.
        queryFn: ({ signal }) =>
          client.request(name, input, { signal, anonymous: scoped && who === null }),
      });
    };

  return {
    playlist: {
      all: read('playlist', 'playlistAll'),
      get: read('playlist', 'playlistGet'),
      /** A song and the songs after it that a song page shows (`UP_NEXT_WINDOW`). */
      upNext: read('playlist', 'playlistUpNext'),
      explore: read('playlist', 'playlistExplore'),
    },
    song: {
      get: read('song', 'songGet'),
      /**
       * A search a page at a time (song/searchpage), the next page asked for as the list scrolls.
       * Only a network failure is tried again, once and soon: a search error shows at once, not
       * after the default retries' seconds of backing off.
       */
      searchPages: (input: Omit<CallInput<'songSearchPage'>, 'offset'>) =>
        infiniteQueryOptions({
          queryKey: [...apiKeys.song, 'songSearchPage', input] as const,
          queryFn: ({ pageParam, signal }) =>
            client.request('songSearchPage', { ...input, offset: pageParam }, { signal }),
          initialPageParam: 0,
          getNextPageParam: (last) => {
            const next = last.offset + last.songs.length;
            return last.songs.length > 0 && next < last.total ? next : undefined;
          },
          retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
          retryDelay: 300,
        }),
    },
    favorite: {
      get: read('favorite', 'favoriteGet'),
      all: read('favorite', 'favoriteGetAll'),
    },
    member: {
      stats: read('member', 'memberStats'),
      all: read('member', 'memberAll'),
      testimonials: read('member', 'memberTestimonial'),
    },
    subscriber: {
      sites: read('subscriber', 'subscriberSites'),
      info: read('subscriber', 'subscriberInfo'),
    },
    account: {
      info: read('account', 'accountInfo'),
      patreon: read('account', 'accountPatreonInfo'),
    },
    website: {
      /**
       * The whole envelope: 201 (not activated yet) is an answer the page acts on, not a failure.
       * Other codes (401, 403) still throw, with the server's message.
       */
      get: (input: CallInput<'websiteGet'>, viewer: Viewer) =>
        queryOptions({
          queryKey: readKey('website', 'websiteGet', input, viewer),
          queryFn: async ({ signal }) => {
            const answer = await client.envelope('websiteGet', input, {
              signal,
              anonymous: viewer === null,
            });
            if (answer.code !== 200 && answer.code !== 201) {
              throw new ApiError(answer.code, answer.message);
            }
            return { activated: answer.code === 200, site: answer.data };
          },
        }),
    },
    promotion: {
      get: read('promotion', 'promotionGet'),
      today: read('promotion', 'promotionToday'),
    },
    make: { history: read('make', 'makeHistory') },
    feed: { all: read('feed', 'feedGet') },
    radio: { nowPlaying: read('radio', 'radioGet') },
    staff: {
      inbox: read('staff', 'staffInbox'),
      playlists: read('staff', 'staffPlaylists'),
      playlistSongs: read('staff', 'staffPlaylistSongs'),
      feed: read('staff', 'staffFeed'),
      network: read('staff', 'staffNetwork'),
      subscribers: read('staff', 'staffSubscribers'),
      log: read('staff', 'staffLog'),
    },
  };
}

export type ApiQueries = ReturnType<typeof createQueries>;
