import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { paths } from './paths.ts';
import { useAppContext } from './useAppContext.ts';

/** Asks the API for a random song and opens it in its playlist; `isPending` while it asks. */
export function useRandomSong() {
  const { apiClient } = useAppContext();
  const navigate = useNavigate();
  const { mutate, isPending } = useMutation({
    mutationFn: () => apiClient.request('songRandom', {}),
    onSuccess: (song) => navigate({ href: paths.song(song.youtube_url, song.category_id) }),
  });
  return { playRandomSong: () => mutate(), isPending };
}
