/**
 * Structural equality of JSON values, so that setting a field to the value it already has
 * leaves the state untouched (a no-op batch returns the same state object).
 *
 * @module
 */

/**
 * True when `left` and `right` are equal JSON values: same primitives, arrays of equal
 * elements in order, objects with equal values under the same keys. `undefined` object
 * fields count as absent, matching how JSON drops them.
 *
 * @example
 * ```ts
 * jsonEqual({ type: "fade", duration_seconds: 1 }, { duration_seconds: 1, type: "fade" }); // true
 * jsonEqual([1, 2], [2, 1]); // false
 * ```
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && arraysEqual(left, right);
  }
  return objectsEqual(left as Record<string, unknown>, right as Record<string, unknown>);
}

function arraysEqual(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((value, index) => jsonEqual(value, right[index]));
}

function objectsEqual(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}
