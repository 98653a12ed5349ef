import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  it('keeps answers up to its size in bytes, dropping the least recently used first', () => {
    const cache = new AnswerCache<string>(100);
    cache.set('a', 'answer a', 40);
    cache.set('b', 'answer b', 40);
    expect(cache.get('a')).toBe('answer a');
    cache.set('c', 'answer c', 40);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('answer a');
    expect(cache.get('c')).toBe('answer c');
    expect(cache.size).toBe(80);
  });

  it('does not keep an answer larger than the whole cache, nor drop others for it', () => {
    const cache = new AnswerCache<string>(100);
    cache.set('a', 'answer a', 40);
    cache.set('huge', 'huge answer', 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('answer a');
  });

  it('counts an answer set again once', () => {
    const cache = new AnswerCache<string>(100);
    cache.set('a', 'first', 60);
    cache.set('a', 'second', 60);
    expect(cache.get('a')).toBe('second');
    expect(cache.size).toBe(60);
  });

  it('copies itself without some keys, leaving the original as it was', () => {
    const cache = new AnswerCache<string>(100);
    cache.set('a', 'answer a', 10);
    cache.set('b', 'answer b', 10);
    const copy = cache.without(['a']);
    expect(copy.get('a')).toBeUndefined();
    expect(copy.get('b')).toBe('answer b');
    expect(copy.size).toBe(10);
    expect(cache.get('a')).toBe('answer a');
  });

  it('keeps every new answer until full, then one in sixteen', () => {
    const cache = new AnswerCache<string>(100);
    const kept = (count: number) =>
      Array.from({ length: count }, () => cache.keepsNext()).filter(Boolean).length;
    cache.set('a', 'answer a', 60);
    expect(kept(32)).toBe(32);
    cache.set('b', 'answer b', 60);
    expect(cache.get('a')).toBeUndefined();
    expect(kept(32)).toBe(2);
    // A copy without some keys has room again.
    expect(cache.without(['b']).keepsNext()).toBe(true);
  });
});
