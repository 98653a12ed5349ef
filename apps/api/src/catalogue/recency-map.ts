import { OldestKeys } from './oldest-keys.ts';

/**
 * A Map in the order its keys were last used, for bounded caches: `get` and `set` count as uses,
 * `oldest` names the key to evict (the caller deletes it).
 *
 * A key used again moves to the end (deleted and set again) only when it has not moved in the
 * last `size / 2 - recentUses` uses of the map. Deleting and setting a key at every read, as a
 * plain LRU cache does, made the reads of a popular key slow in proportion to the map: V8 leaves
 * each deleted entry in its table until the table is compacted, and a read of the key stepped
 * over those its earlier moves left (one search read again and again from a cache of 2,000: 2 µs
 * a read; now 10 ns). A key left in place has at most `size / 2` keys after it, and none of
 * the keys of the last `recentUses` uses is ever the oldest (in a map of more keys than that):
 * what a caller still holds from its last few uses is not evicted under it.
 */
export class RecencyMap<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; movedAt: number }>();
  private readonly oldestKeys = new OldestKeys(this.entries);
  /** Uses so far (reads that found their key, and writes). */
  private uses = 0;

  constructor(private readonly recentUses = 0) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, which counts as a use of it. */
  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.uses++;
    if (this.uses - entry.movedAt > this.entries.size / 2 - this.recentUses) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.movedAt = this.uses;
    }
    return entry.value;
  }

  /** The value of `key`, without counting as a use. */
  peek(key: Key): Value | undefined {
    return this.entries.get(key)?.value;
  }

  /** Sets `key` as the most recently used. */
  set(key: Key, value: Value): void {
    this.uses++;
    this.entries.delete(key);
    this.entries.set(key, { value, movedAt: this.uses });
  }

  delete(key: Key): boolean {
    return this.entries.delete(key);
  }

  /** The least recently used key, as far as the moves tell; undefined when the map is empty. */
  oldest(): Key | undefined {
    return this.oldestKeys.next();
  }

  /** Every key and value, the least recently used first as far as the moves tell. */
  *[Symbol.iterator](): IterableIterator<[Key, Value]> {
    for (const [key, { value }] of this.entries) yield [key, value];
  }

  clear(): void {
    this.entries.clear();
  }
}
