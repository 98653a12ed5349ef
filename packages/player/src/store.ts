/**
 * The state container both the song player and the radio keep their state in: a snapshot that is
 * replaced (never mutated) on every change, so `useSyncExternalStore` can tell when a selected
 * piece changed, and listeners told after each change.
 */
export interface Store<State> {
  getState(): State;
  subscribe(listener: () => void): () => void;
  update(changes: Partial<State>): void;
}

export function createStore<State extends object>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(changes) {
      state = { ...state, ...changes };
      for (const listener of listeners) listener();
    },
  };
}

/** What React bindings need of anything that keeps a store: read and subscribe, not write. */
export type ReadableStore<State> = Pick<Store<State>, 'getState' | 'subscribe'>;
