import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a page's server-rendered HTML and while the app takes it over, true after. A form sent
 * before the app listens would be sent by the browser itself, as a page load that signs nobody in
 * and writes the fields into the address: its button waits for the app instead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
