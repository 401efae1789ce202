/** A deterministic id generator for tests: `id-1`, `id-2`, ... */
export function countingIds(prefix = "id"): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-${next}`;
  };
}
