import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.ts';

/** Reads `key` so that its answer is kept from now on (a key is kept from its second read). */
async function keep<Value>(cache: ReadCache<Value>, key: string, value: Value): Promise<void> {
  await cache.get(key, async () => value);
  await cache.get(key, async () => value);
}

describe('ReadCache', () => {
  it('keeps a key from its second read on, not from its first', async () => {
    const cache = new ReadCache<number>(10);
    const load = vi.fn(async () => 42);
    expect(await cache.get('a', load)).toBe(42);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', load)).toBe(42);
    expect(await cache.get('a', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(1);
  });

  it('loads a key read before once, even when asked concurrently', async () => {
    const cache = new ReadCache<number>(10);
    await cache.get('a', async () => 42);
    const load = vi.fn(async () => 42);
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect([first, second]).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the least recently used key when full', async () => {
    const cache = new ReadCache<string>(2);
    await keep(cache, 'a', 'a');
    await keep(cache, 'b', 'b');
    await cache.get('a', async () => 'stale');
    await keep(cache, 'c', 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'never')).toBe('a');
    expect(await cache.get('c', async () => 'never')).toBe('c');
    // b was forgotten as an answer; it was read twice, so its next read is a first one again.
    const reload = vi.fn(async () => 'b again');
    expect(await cache.get('b', reload)).toBe('b again');
    expect(await cache.get('b', reload)).toBe('b again');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers a bounded number of keys read once', async () => {
    const cache = new ReadCache<string>(1);
    await cache.get('a', async () => 'a');
    // One answer kept means four keys read once remembered: a is pushed out by b, c, d and e.
    for (const key of ['b', 'c', 'd', 'e']) await cache.get(key, async () => key);
    await cache.get('a', async () => 'a');
    expect(cache.size).toBe(0);
    await cache.get('e', async () => 'e');
    expect(cache.size).toBe(1);
  });

  it('retries a load that failed', async () => {
    const cache = new ReadCache<number>(10);
    await cache.get('a', async () => 0);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 1)).toBe(1);
  });

  it('starts over after clear', async () => {
    const cache = new ReadCache<number>(10);
    await keep(cache, 'a', 1);
    cache.clear();
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => 2);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
