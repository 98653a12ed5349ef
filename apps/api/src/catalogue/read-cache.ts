import { OldestKeys } from './oldest-keys.ts';
import { RecencyMap } from './recency-map.ts';

/**
 * A bounded, least-recently-used memo of async reads. Concurrent reads of a kept key share one
 * load; a failed load is forgotten so the next read tries again.
 *
 * A key's answer is kept from its second read on: the first read only notes the key (among the
 * last `maxEntries * SEEN_KEYS_PER_ENTRY` keys read once). Most distinct reads (searches) are
 * asked once; kept, their answers outlived the young generation and were promoted, and a stream
 * of them (10 KB a search, thousands a second) grew the old generation by 100 MB a second and had
 * V8 collect the whole heap every few seconds. A key asked again is worth keeping.
 */
export class ReadCache<Value> {
  private readonly entries = new RecencyMap<string, Promise<Value>>();
  /** Keys read once and not kept, oldest first. */
  private readonly seenOnce = new Set<string>();
  private readonly seenFirst = new OldestKeys(this.seenOnce);

  constructor(private readonly maxEntries: number) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    if (!this.seenOnce.delete(key)) {
      this.seenOnce.add(key);
      if (this.seenOnce.size > this.maxEntries * SEEN_KEYS_PER_ENTRY) {
        this.seenOnce.delete(this.seenFirst.next()!);
      }
      return load();
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.oldest()!);
    }
    return loading;
  }

  clear(): void {
    this.entries.clear();
    this.seenOnce.clear();
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Keys read once are remembered for this many times as long as answers are kept: a key costs
 * tens of bytes, an answer kilobytes, and a second read is recognized that much later.
 */
const SEEN_KEYS_PER_ENTRY = 4;
