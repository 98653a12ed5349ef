import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('replaces the snapshot on every change and tells each listener', () => {
    const store = createStore({ count: 0, label: 'a' });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);

    store.update({ count: 1 });

    expect(store.getState()).toEqual({ count: 1, label: 'a' });
    expect(store.getState()).not.toBe(before);
    expect(before).toEqual({ count: 0, label: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.update({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});
