/**
 * Turning drawn plans into a batch the engine accepts. Each plan becomes an operation
 * against the state as the operations before it leave that state: the planner applies
 * them one by one to a scratch copy as it goes. The scratch run names new items with its
 * own ids, so plans only ever name ids of the batch's input, which exist whatever
 * generator the caller later applies the batch with.
 *
 * @module
 */
import { applyOperations, type EditorState } from "../editor/index.js";
import type { EditOperation } from "../schemas/edit-operations.js";
import { countingIdGenerator } from "./ids.js";
import type { OperationPlan, PlanContext } from "./plans.js";
import type { ProviderResults } from "./provider-results.js";
import { ProviderResultsBuilder } from "./provider-results.js";

/** A planned batch and the provider results it needs. */
export interface PlannedBatch {
  /** The operations, in order. */
  readonly operations: EditOperation[];
  /** Provider results for `ApplyOptions`; empty when providers are off. */
  readonly results: ProviderResults;
}

function namesOf(state: EditorState): Set<string> {
  return new Set([...Object.keys(state.items), ...state.tracks.map((track) => track.id)]);
}

/**
 * Plans a batch for `state`. A plan whose target an earlier operation removed is dropped
 * (the batch gets shorter rather than wrong). `withProviders` lets plans record
 * transcripts, speech and sound resolutions.
 */
export function planBatch(
  state: EditorState,
  plans: readonly OperationPlan[],
  withProviders: boolean,
): PlannedBatch {
  const names = namesOf(state);
  const canName = (id: string) => names.has(id);
  const results = withProviders ? new ProviderResultsBuilder() : undefined;
  // Scratch ids skip every id of the input, so the scratch run never collides with it.
  const generateId = countingIdGenerator("planned", state);
  const operations: EditOperation[] = [];
  let current = state;
  for (const plan of plans) {
    const context: PlanContext = { state: current, canName, results };
    const operation = plan(context);
    if (operation === undefined) continue;
    operations.push(operation);
    const applied = applyOperations(current, [operation], {
      ...results?.results(),
      generateId,
    });
    // A refused operation leaves the scratch state as it was; the caller's run of the
    // whole batch will report it.
    if (applied.ok) current = applied.value.state;
  }
  return { operations, results: results?.results() ?? {} };
}
