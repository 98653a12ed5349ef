import { describe, expect, it } from 'vitest';
import { listenerId } from './listener.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('listenerId', () => {
  it('keeps one id for the life of the tab', () => {
    const storage = memoryStorage();
    const first = listenerId(storage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(listenerId(storage)).toBe(first);
  });

  it('gives another tab another id', () => {
    expect(listenerId(memoryStorage())).not.toBe(listenerId(memoryStorage()));
  });
});
