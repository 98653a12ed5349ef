import { describe, expect, it } from 'vitest';
import { RecencyMap } from './recency-map.ts';

/** Evicts the oldest keys until `left` remain; returns them in eviction order. */
function evictUntil(map: RecencyMap<string, number>, left: number): string[] {
  const evicted: string[] = [];
  while (map.size > left) {
    const key = map.oldest()!;
    evicted.push(key);
    map.delete(key);
  }
  return evicted;
}

describe('RecencyMap', () => {
  it('names the least recently used key oldest, a key read again counting as new', () => {
    const map = new RecencyMap<string, number>();
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, key.charCodeAt(0));
    expect(map.get('a')).toBe(97);
    expect(map.peek('b')).toBe(98);
    expect(evictUntil(map, 0)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('never names a key read in the last half of the uses oldest, however often it is read', () => {
    const map = new RecencyMap<string, number>();
    for (let key = 0; key < 100; key++) map.set(`k${key}`, key);
    // A popular key among a stream of new ones, with the map kept at 100 keys.
    for (let added = 100; added < 1_000; added++) {
      expect(map.get('k0')).toBe(0);
      map.set(`k${added}`, added);
      expect(evictUntil(map, 100)).not.toContain('k0');
    }
    expect(map.peek('k0')).toBe(0);
  });

  it('never names one of the keys of the last `recentUses` uses oldest', () => {
    const recentUses = 8;
    const map = new RecencyMap<string, number>(recentUses);
    const present: string[] = [];
    for (let key = 0; key <= recentUses; key++) {
      map.set(`k${key}`, key);
      present.push(`k${key}`);
    }
    // Rounds like a search's: some kept word sets read again, the rest made in place of the
    // oldest, `recentUses` uses in all. A seeded generator: the same rounds on every run.
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48_271) % 2_147_483_647) % below;
    for (let round = 0; round < 2_000; round++) {
      const used: string[] = [];
      for (let reads = random(recentUses); used.length < reads;) {
        const key = present[random(present.length)]!;
        if (used.includes(key)) continue;
        map.get(key);
        used.push(key);
      }
      while (used.length < recentUses) {
        const oldest = map.oldest()!;
        expect(used).not.toContain(oldest);
        map.delete(oldest);
        present.splice(present.indexOf(oldest), 1);
        const key = `n${round}-${used.length}`;
        map.set(key, round);
        present.push(key);
        used.push(key);
      }
    }
  });

  it('forgets everything on clear, and goes on naming oldest keys after', () => {
    const map = new RecencyMap<string, number>();
    map.set('a', 1);
    map.clear();
    expect([map.size, map.get('a'), map.oldest()]).toEqual([0, undefined, undefined]);
    map.set('b', 2);
    expect(map.oldest()).toBe('b');
  });
});
