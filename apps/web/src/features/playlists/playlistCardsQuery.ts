import type { CallInput } from '@fansite/contract';
import { queryOptions } from '@tanstack/react-query';
import type { AppContext } from '../../lib/context.ts';

type PlaylistCardsInput = CallInput<'playlistAll'>;

/**
 * The playlist list call. docs/product.md, messages: a list call that fails leaves an empty list, so a
 * failure shows as no playlists rather than as an error page.
 */
export function playlistCardsQuery(
  { apiClient, queries }: Pick<AppContext, 'apiClient' | 'queries'>,
  input: PlaylistCardsInput,
) {
  return queryOptions({
    queryKey: queries.playlist.all(input).queryKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.request('playlistAll', input, { signal });
      } catch (error) {
        // A cancelled query must stay cancelled, not turn into an empty success.
        if (signal.aborted) throw error;
        return [];
      }
    },
  });
}
