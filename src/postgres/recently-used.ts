/**
 * A map that holds at most a given number of entries and drops the least recently used
 * one first: the shape of the per-host caches of `reelkit/postgres` (latest editor
 * states, API key lookups). A `Map` keeps insertion order, so moving an entry to the end
 * on each use leaves the least recently used one first.
 *
 * @module
 */

/** At most `capacity` entries, the least recently used dropped first. */
export class RecentlyUsedMap<K, V> {
  private readonly entries = new Map<K, V>();

  /** A map of at most `capacity` entries. */
  constructor(private readonly capacity: number) {}

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, without counting as a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Marks `key` as just used, if held. */
  touch(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, value);
  }

  /** Holds `value` under `key` as just used, dropping the least recently used beyond capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }
}
