/**
 * A bounded, least-recently-used memo of async reads. Concurrent reads of one key share one load;
 * a failed load is forgotten so the next read tries again.
 */
export class ReadCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.entries.get(key);
    if (cached) {
      // Re-inserting moves the key to the end: Map order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
