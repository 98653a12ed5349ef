import { RecencyMap } from './recency-map.ts';

/**
 * Once full, one new answer in this many is kept (`keepsNext`).
 */
const KEPT_WHEN_FULL = 16;

/**
 * Answers kept up to a total size in bytes, the least recently used dropped first: for answers
 * made on a first visit that would cost too much to keep for every key at once (a playlist's
 * whole answer is the JSON of all its songs; every playlist's together are as large as the
 * catalogue's summaries).
 */
export class AnswerCache<Value> {
  private readonly entries = new RecencyMap<string, { value: Value; bytes: number }>();
  private bytes = 0;
  /** Whether an answer was ever dropped to make room. */
  private full = false;
  private notKept = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * Whether the next new answer should be kept: while the cache has never been full, always;
   * then one in `KEPT_WHEN_FULL`. Answers asked often still find their way in and push out the
   * least used, while a stream of answers each asked once in a while (a million songs'
   * playlists, visited in turn, are eight times what the cache holds) no longer replaces the
   * whole cache, tens of MB a second of dropped buffers that made V8 run a full collection of
   * the heap every half second, pausing the server for up to 16 ms.
   */
  keepsNext(): boolean {
    return !this.full || ++this.notKept % KEPT_WHEN_FULL === 0;
  }

  get(key: string): Value | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value`, which holds `bytes`; one larger than the whole cache is not kept. */
  set(key: string, value: Value, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.drop(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) {
      this.full = true;
      this.drop(this.entries.oldest()!);
    }
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
