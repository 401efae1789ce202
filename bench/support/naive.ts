/**
 * The naive way to apply a batch, which the editor benchmarks compare against: deep-clone
 * the whole state before every operation, then apply that one operation to the clone.
 *
 * @module
 */
import { applyOperations, type EditorState } from "../../src/editor/index.js";
import type { EditOperation } from "../../src/schemas/edit-operations.js";
import { NEW_ID_PREFIX } from "./edit-batch.js";
import { countingIds } from "./ids.js";

/**
 * Applies `operations` one at a time, each to a `structuredClone` of the state so far, and
 * returns the final state. Ids come from the same counter as a benchmark batch, so the
 * result equals what one `applyOperations` call makes. Throws if an operation fails.
 */
export function applyWithClonePerOperation(
  state: EditorState,
  operations: readonly EditOperation[],
): EditorState {
  const generateId = countingIds(NEW_ID_PREFIX);
  let current = state;
  for (const operation of operations) {
    const result = applyOperations(structuredClone(current), [operation], { generateId });
    if (!result.ok)
      throw new Error(`Naive baseline rejected ${operation.type}: ${result.error.message}`);
    current = result.value.state;
  }
  return current;
}
