/**
 * A bounded in-memory cache whose entries expire after a time to live (the register answers are cached five
 * minutes, docs/product/rating.md). Least recently used entries are evicted first once `maxEntries` is reached, so a
 * flood of distinct searches cannot grow the process without bound. `now` is injectable for tests.
 */
export interface TtlCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: TtlCacheOptions) {
    if (options.maxEntries < 1) throw new RangeError("maxEntries must be at least 1");
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /**
   * The cached value for `key`, or the result of `load` (cached on success only). Concurrent callers for one
   * key share one load, so a burst of identical searches makes one upstream call.
   */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const { inFlight } = this;
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const loading = load()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  }
}
