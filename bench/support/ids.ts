/**
 * Deterministic ids for benchmarks, so every run of a batch names its new items, tracks
 * and assets the same way.
 *
 * @module
 */

/** A fresh id generator: `prefix-1`, `prefix-2`, ... Each call starts its own count. */
export function countingIds(prefix: string): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-${next}`;
  };
}
