import type { CallInput, CallName } from '@fansite/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './client.ts';

/**
 * Query keys start with the resource, then the call, then its input, so that a whole resource
 * can be invalidated at once (`queryClient.invalidateQueries({ queryKey: apiKeys.favorite })`).
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
};

type Resource = keyof typeof apiKeys;

/** queryOptions for the calls that read data, grouped by resource. */
export function createQueries(client: ApiClient) {
  const read =
    <Name extends CallName>(resource: Resource, name: Name) =>
    (input: CallInput<Name>) =>
      queryOptions({
        queryKey: [...apiKeys[resource], name, input] as const,
        queryFn: ({ signal }) => client.request(name, input, { signal }),
      });

  return {
    playlist: {
      all: read('playlist', 'playlistAll'),
      get: read('playlist', 'playlistGet'),
      explore: read('playlist', 'playlistExplore'),
    },
    song: {
      get: read('song', 'songGet'),
      search: read('song', 'songSearch'),
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
    account: { info: read('account', 'accountInfo') },
    website: {
      /**
       * The whole envelope: 201 (not activated yet) is an answer the page acts on, not a failure.
       * Other codes (401, 403) still throw, with the server's message.
       */
      get: (input: CallInput<'websiteGet'>) =>
        queryOptions({
          queryKey: [...apiKeys.website, 'websiteGet', input] as const,
          queryFn: async ({ signal }) => {
            const answer = await client.envelope('websiteGet', input, { signal });
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
  };
}

export type ApiQueries = ReturnType<typeof createQueries>;
