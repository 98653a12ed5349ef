import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('loads a key once, even when asked concurrently', async () => {
    const cache = new ReadCache<number>(10);
    const load = vi.fn(async () => 42);
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect([first, second]).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the least recently used key when full', async () => {
    const cache = new ReadCache<string>(2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'stale');
    await cache.get('c', async () => 'c');
    const reload = vi.fn(async () => 'b again');
    expect(await cache.get('b', reload)).toBe('b again');
    expect(await cache.get('a', async () => 'never')).toBe('never');
    expect(cache.size).toBe(2);
  });

  it('retries a load that failed', async () => {
    const cache = new ReadCache<number>(10);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('a', async () => 1)).toBe(1);
  });

  it('starts over after clear', async () => {
    const cache = new ReadCache<number>(10);
    await cache.get('a', async () => 1);
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
  });
});
