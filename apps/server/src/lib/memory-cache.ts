/**
 * A tiny in-memory cache for reference data (products, lists, branches): loaded on first use, kept
 * until GET /api/omo/ClearCache. Concurrent first requests share one load.
 */
/** Reference-data cache shared by the modules. */
export class MemoryCache {
  #entries = new Map<string, Promise<unknown>>();

  /** The cached value of `key`, loading it with `load` when absent; a failed load is not kept. */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = this.#entries.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const pending = load();
    this.#entries.set(key, pending);
    pending.catch(() => {
      if (this.#entries.get(key) === pending) this.#entries.delete(key);
    });
    return pending;
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
