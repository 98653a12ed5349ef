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

/**
 * Cards a /playlists page rendered on the server carries: a few screens of them. At a million songs
 * there are 4,002 playlists, whose cards made the page 4.4 MB of HTML (196 KB gzip); the browser
 * reads the whole list once it has taken the page over (`PlaylistCards`).
 */
export const CARRIED_PLAYLIST_CARDS = 60;

/** Set, in a page rendered on the server, when the list's query holds only its first cards. */
export function carriedInPartKey(query: ReturnType<typeof playlistCardsQuery>) {
  return [...query.queryKey, 'carried in part'] as const;
}

/**
 * The /playlists route's read. Rendered on the server, the page carries its first
 * `CARRIED_PLAYLIST_CARDS` cards and says so; in the browser, the whole list.
 */
export async function loadPlaylistCards(
  context: Pick<AppContext, 'apiClient' | 'queries' | 'queryClient' | 'serverRender'>,
  input: PlaylistCardsInput,
): Promise<void> {
  const query = playlistCardsQuery(context, input);
  const playlists = await context.queryClient.ensureQueryData(query);
  if (!context.serverRender || playlists.length <= CARRIED_PLAYLIST_CARDS) return;
  context.queryClient.setQueryData(query.queryKey, playlists.slice(0, CARRIED_PLAYLIST_CARDS));
  context.queryClient.setQueryData(carriedInPartKey(query), true);
}
