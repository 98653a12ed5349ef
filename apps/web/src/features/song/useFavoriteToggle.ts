import { apiKeys, errorMessage, type ApiQueries } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import type { Song } from '@fansite/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';

/** The song read whose favourite flag this page shows. */
export interface FavoriteTarget {
  song: Song | undefined;
  /** The song read's options, the flag is written back into its cache entry. */
  query: ReturnType<ApiQueries['song']['get']>;
}

/**
 * The favourite button of the song page (docs/product.md, screens, song): it flips on a successful
 * call and ignores clicks while a call is in flight. Signed out, or a session the server no longer
 * accepts (401), opens the 'Login required' dialog; any other refusal (a song the catalogue no
 * longer has) shows the server's message.
 */
export function useFavoriteToggle({ song, query }: FavoriteTarget) {
  const { apiClient, queryClient } = useAppContext();
  const { user, ready } = useAuth();
  const [loginRequired, setLoginRequired] = useState(false);
  const [failure, setFailure] = useTimedMessage();
  const isFavorite = song?.favorite === true;

  const change = useMutation({
    mutationFn: ({ videoId, add }: { videoId: string; add: boolean }) =>
      apiClient.envelope(add ? 'favoriteAdd' : 'favoriteRemove', { s: videoId }),
    onSuccess: (envelope, { add }) => {
      if (envelope.code === 401) {
        setLoginRequired(true);
        return;
      }
      if (envelope.code !== 200) {
        setFailure({ tone: 'error', text: envelope.message });
        return;
      }
      // The flag is written into the song read this page shows: reading the song again would
      // restart its video.
      queryClient.setQueryData(query.queryKey, (previous) =>
        previous ? { ...previous, favorite: add } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeys.favorite });
      // Other songs read before may carry the old flag: read them again when next shown, not now.
      void queryClient.invalidateQueries({ queryKey: apiKeys.song, refetchType: 'none' });
    },
    onError: (error) => setFailure({ tone: 'error', text: errorMessage(error) }),
  });

  return {
    isFavorite,
    isPending: change.isPending,
    /**
     * Until the saved sign-in is known (a page rendered on the server shows before it is) and
     * the song is read for whoever is signed in, a press could not tell a signed-in listener from
     * a visitor, nor add from remove: the button waits.
     */
    waiting: !ready || song === undefined,
    toggleFavorite: () => {
      if (!song || change.isPending || !ready) return;
      setFailure(null);
      if (!user) {
        setLoginRequired(true);
        return;
      }
      change.mutate({ videoId: song.youtube_url, add: !isFavorite });
    },
    loginRequired,
    closeLoginRequired: () => setLoginRequired(false),
    failure: failure?.text ?? null,
  };
}
