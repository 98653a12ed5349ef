import { describe, expect, it } from 'vitest';
import { OldestKeys } from './oldest-keys.ts';

describe('OldestKeys', () => {
  it('hands out keys oldest first, a key set again counting as new', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const oldest = new OldestKeys(map);
    // "a" is read: a cache moves it to the end.
    map.delete('a');
    map.set('a', 1);
    const evicted: string[] = [];
    for (let key = oldest.next(); key !== undefined; key = oldest.next()) {
      evicted.push(key);
      map.delete(key);
    }
    expect(evicted).toEqual(['b', 'c', 'a']);
  });

  it('goes on to keys added after it reached the end, and after the set was cleared', () => {
    const set = new Set(['a']);
    const oldest = new OldestKeys(set);
    set.delete(oldest.next()!);
    expect(oldest.next()).toBeUndefined();
    set.add('b').add('c');
    expect(oldest.next()).toBe('b');
    set.clear();
    set.add('d');
    expect(oldest.next()).toBe('d');
  });
});
