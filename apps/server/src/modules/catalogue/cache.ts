/**
 * A small in-process read cache for catalogue answers, keyed by the database's catalogue
 * version (table catalogue_version, bumped at commit by triggers on every table the catalogue
 * reads — migration 0005). A write anywhere, by any process, changes the version, so the next
 * request misses and reads the database: no entry is ever served for data that has changed.
 * Entries also expire after `ttlMs` (discount rules have validity dates that start and end
 * without a write). Least recently used entries go first when the cache is full.
 */
export type ReadCache = {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  stats(): { hits: number; misses: number; size: number };
  clear(): void;
};

export function createReadCache({ maxEntries, ttlMs, now }: { maxEntries: number; ttlMs: number; now: () => number }): ReadCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= now()) {
        if (entry) entries.delete(key);
        misses += 1;
        return undefined;
      }
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    stats: () => ({ hits, misses, size: entries.size }),
    clear() {
      entries.clear();
    },
  };
}
