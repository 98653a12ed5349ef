import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onScroll: () => void) {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/** Whether the page is scrolled further down than `offset` pixels; re-renders only when that flips. */
export function useScrolledPast(offset: number): boolean {
  const isPast = useCallback(() => window.scrollY > offset, [offset]);
  return useSyncExternalStore(subscribeToScroll, isPast, () => false);
}
