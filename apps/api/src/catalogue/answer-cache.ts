import { RecencyMap } from './recency-map.ts';

/**
 * Answers kept up to a total size in bytes, the least recently used dropped first: for answers
 * made on a first visit that would cost too much to keep for every key at once (a playlist's
 * whole answer is the JSON of all its songs; every playlist's together are as large as the
 * catalogue's summaries).
 */
export class AnswerCache<Value> {
  private readonly entries = new RecencyMap<string, { value: Value; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Value | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value`, which holds `bytes`; one larger than the whole cache is not kept. */
  set(key: string, value: Value, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.drop(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.drop(this.entries.oldest()!);
  }

  /** A new cache with these answers but those of `keys`, in the same order of use. */
  without(keys: Iterable<string>): AnswerCache<Value> {
    const left = new Set(keys);
    const copy = new AnswerCache<Value>(this.maxBytes);
    for (const [key, { value, bytes }] of this.entries) {
      if (!left.has(key)) copy.set(key, value, bytes);
    }
    return copy;
  }

  /** The bytes the kept answers hold. */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.peek(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
