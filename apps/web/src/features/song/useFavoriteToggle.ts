import { apiKeys } from '@fansite/api-client';
import type { Song } from '@fansite/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppContext } from '../../lib/useAppContext.ts';

/**
 * The favourite button of the song page (SPEC.md section 4): it flips on a successful call, ignores
 * clicks while a call is in flight, and a call that does not return 200 (signed out, session
 * ended) opens the 'Login required' dialog instead.
 */
export function useFavoriteToggle(song: Song | undefined) {
  const { apiClient, queryClient } = useAppContext();
  const [loginRequired, setLoginRequired] = useState(false);
  // What this page changed, by video id: refetching the song would restart its video.
  const [changed, setChanged] = useState<ReadonlyMap<string, boolean>>(new Map());
  const isFavorite = song ? (changed.get(song.youtube_url) ?? song.favorite === true) : false;

  const change = useMutation({
    mutationFn: ({ videoId, add }: { videoId: string; add: boolean }) =>
      apiClient.envelope(add ? 'favoriteAdd' : 'favoriteRemove', { s: videoId }),
    onSuccess: (envelope, { videoId, add }) => {
      if (envelope.code !== 200) {
        setLoginRequired(true);
        return;
      }
      setChanged((previous) => new Map(previous).set(videoId, add));
      void queryClient.invalidateQueries({ queryKey: apiKeys.favorite });
      // Songs read before carry the old flag: read them again when next shown, not now.
      void queryClient.invalidateQueries({ queryKey: apiKeys.song, refetchType: 'none' });
    },
    onError: () => setLoginRequired(true),
  });

  return {
    isFavorite,
    isPending: change.isPending,
    toggleFavorite: () => {
      if (!song || change.isPending) return;
      change.mutate({ videoId: song.youtube_url, add: !isFavorite });
    },
    loginRequired,
    closeLoginRequired: () => setLoginRequired(false),
  };
}
