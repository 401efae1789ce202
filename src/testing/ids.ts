/**
 * Deterministic id generators for property tests. The engine names new items, tracks and
 * assets through `ApplyOptions.generateId`; its default (`randomEditorId`) is random, so a failing
 * run could not be replayed from its seed. A counter can.
 *
 * @module
 */
import type { EditorState } from "../editor/index.js";

// Every id a state already uses; a generator must never hand one of them out again, or
// the engine throws (a repeated id is a broken dependency, not an expected failure).
function idsInUse(state: EditorState): Set<string> {
  return new Set([
    ...Object.keys(state.items),
    ...Object.keys(state.assets),
    ...state.tracks.map((track) => track.id),
  ]);
}

/**
 * Returns a generator of `prefix-1`, `prefix-2`, ... for `ApplyOptions.generateId`,
 * skipping any id that `avoid` already uses. Each call starts a fresh count, so the same
 * calls yield the same ids: use one per run of a property, never one shared across runs.
 *
 * @example
 * ```ts
 * const generateId = countingIdGenerator("new", state);
 * const result = applyOperations(state, operations, { generateId });
 * ```
 */
export function countingIdGenerator(prefix = "id", avoid?: EditorState): () => string {
  const taken = avoid === undefined ? new Set<string>() : idsInUse(avoid);
  let count = 0;
  return () => {
    let id: string;
    do {
      count += 1;
      id = `${prefix}-${count}`;
    } while (taken.has(id));
    return id;
  };
}
