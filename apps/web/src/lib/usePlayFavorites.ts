import { errorMessage } from '@fansite/api-client';
import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { paths } from './paths.ts';
import { useAppContext } from './useAppContext.ts';

/**
 * Plays the favourites, from the latest one, on the song page. `onFailure` gets the server's
 * message when that is impossible (no favourites yet, signed out).
 */
export function usePlayFavorites(onFailure: (message: string) => void) {
  const { apiClient } = useAppContext();
  const navigate = useNavigate();
  const { mutate, isPending } = useMutation({
    mutationFn: () => apiClient.request('favoriteGetLatest', {}),
    onSuccess: (latest) => navigate({ href: paths.song(latest.youtube_url, FAVORITE_PLAYLIST_ID) }),
    onError: (error) => onFailure(errorMessage(error)),
  });
  return { playFavorites: () => mutate(), isPending };
}
