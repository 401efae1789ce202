/**
 * A host's cache of API key lookups, so that an authenticated request costs one round
 * trip to PostgreSQL fewer. What it keeps is the rows, never a verdict: every request
 * still compares the digest and checks revocation, expiry (against the request's clock)
 * and the subscription, on the rows as they were when read.
 *
 * Rows are only ever kept while the host listens for changes. Every statement that
 * changes `api_keys` or `organizations` notifies `<schema>.accounts` when it commits
 * (migration 14), whoever sends it, and every listening host then drops everything it
 * holds. A revoked key or a lapsed subscription is therefore refused by the host that
 * made the change from its next request, and by every other host as soon as the
 * notification reaches it: a fraction of a millisecond on a healthy connection, far less
 * than a request takes. While the listening connection is lost, or before it first
 * listens, nothing is cached and every lookup reads the database, as without a cache.
 *
 * A lookup that was already reading when a change arrived is not kept, since it may have
 * read the rows from before the change: each change bumps a generation, and a read is
 * kept only if the generation it started in is still the current one when it ends.
 * Lookups that found no key are not kept either, so a client sending made-up keys can
 * neither fill the cache nor push real keys out of it.
 *
 * @module
 */
import type { KeyWithOrganization } from "../ports/accounts.js";
import { RecentlyUsedMap } from "./recently-used.js";

/** Lookup prefixes whose keys one host keeps by default. */
export const API_KEY_CACHE_ENTRIES_DEFAULT = 10_000;

/** Settings of the API key cache of `createPostgresAccountStore` and `createPostgresPorts`. */
export interface PostgresApiKeyCacheOptions {
  /**
   * Lookup prefixes kept at most, least recently used dropped first;
   * {@link API_KEY_CACHE_ENTRIES_DEFAULT} by default. A prefix is the first characters of
   * a key's digest, so in practice one entry per key in use.
   */
  readonly entries?: number;
  /**
   * Told when listening for changes fails or its connection is lost (the cache is off
   * until it listens again); `console.error` by default.
   */
  readonly onError?: (error: unknown) => void;
}

type Candidates = readonly KeyWithOrganization[];

/**
 * The lookups of one host, trusted only between {@link ApiKeyCache.listening} and
 * {@link ApiKeyCache.deaf}.
 */
export class ApiKeyCache {
  private readonly entries: RecentlyUsedMap<string, Candidates>;
  private generation = 0;
  private trusted = false;

  /** A cache of at most `capacity` lookup prefixes (a positive integer). */
  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(
        `reelkit/postgres: the API key cache holds a positive whole number of entries, not ${capacity}.`,
      );
    }
    this.entries = new RecentlyUsedMap(capacity);
  }

  /** True while changes are listened for, so what the cache holds is current. */
  get isListening(): boolean {
    return this.trusted;
  }

  /** How many lookup prefixes are held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The keys of `lookupPrefix`: held ones while listening, else `read()`'s, which are
   * kept when they found a key and nothing changed while they were read.
   */
  async lookup(lookupPrefix: string, read: () => Promise<Candidates>): Promise<Candidates> {
    // Nothing is held while deaf: `deaf` empties the map and nothing is kept until `listening`.
    const held = this.entries.peek(lookupPrefix);
    if (held !== undefined) {
      this.entries.touch(lookupPrefix);
      return held;
    }
    const startedIn = this.generation;
    const candidates = await read();
    if (this.trusted && this.generation === startedIn && candidates.length > 0) {
      this.entries.set(lookupPrefix, candidates);
    }
    return candidates;
  }

  /** Keys or organizations changed: everything held, and every read under way, is stale. */
  changed(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Changes are listened for from now on; anything from before may have missed one. */
  listening(): void {
    this.changed();
    this.trusted = true;
  }

  /** Changes are no longer heard: nothing is held or kept until {@link listening}. */
  deaf(): void {
    this.trusted = false;
    this.changed();
  }
}
