import { ApiError } from '@fansite/api-client';
import { ResponseCode } from '@fansite/contract';
import { notFound } from '@tanstack/react-router';
import type { AppContext } from '../../lib/context.ts';

/**
 * Loads a playlist into the query cache for its page; a playlist the API does not know is the
 * router's not-found, which shows the 404 view.
 */
export async function loadPlaylist(
  { queryClient, queries }: Pick<AppContext, 'queryClient' | 'queries'>,
  playlistId: string | undefined,
) {
  if (!playlistId) throw notFound();
  try {
    return await queryClient.ensureQueryData(queries.playlist.get({ p: playlistId }));
  } catch (error) {
    if (error instanceof ApiError && error.code === ResponseCode.notFound) throw notFound();
    throw error;
  }
}
