import { apiKeys } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Query keys do not name the user, so when another user signs in (or the user signs out) what was
 * read for the previous one goes: their favourites, and the favourite flags on songs.
 */
export function UserScopedQueries() {
  const { user, ready } = useAuth();
  const queryClient = useQueryClient();
  const previousUid = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!ready) return;
    const uid = user?.uid ?? null;
    if (previousUid.current !== undefined && previousUid.current !== uid) {
      queryClient.removeQueries({ queryKey: apiKeys.favorite });
      void queryClient.invalidateQueries({ queryKey: apiKeys.song });
    }
    previousUid.current = uid;
  }, [ready, user, queryClient]);

  return null;
}
