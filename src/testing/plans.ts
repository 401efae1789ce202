/**
 * The shape every operation generator shares. A generator draws an operation PLAN from
 * fast-check: the values of the operation plus choices (an index, a fraction, a flag)
 * that are only turned into item ids, track ids and in-range times once the state the
 * operation will meet is known. Keeping the draw separate from the state is what lets a
 * batch be planned against the state as its earlier operations leave it, and lets
 * fast-check shrink plans without knowing about states.
 *
 * @module
 */
import type fc from "fast-check";
import type { EditorState } from "../editor/index.js";
import type { EditOperation } from "../schemas/edit-operations.js";
import type { ProviderResultsBuilder } from "./provider-results.js";

/** What a plan sees when it becomes an operation. */
export interface PlanContext {
  /** The state the operation will meet: the batch's input after the operations before it. */
  readonly state: EditorState;
  /**
   * Whether the operation may name this item or track id. Only ids of the batch's input
   * qualify: ids the engine creates during the batch come from the caller's generator,
   * which the planner cannot predict.
   */
  readonly canName: (id: string) => boolean;
  /** Collects transcripts, speech and sound resolutions; absent when providers are off. */
  readonly results: ProviderResultsBuilder | undefined;
}

/** Turns drawn values into an operation, or undefined when the state offers nothing to act on. */
export type OperationPlan = (context: PlanContext) => EditOperation | undefined;

/** Settings every generator reads. */
export interface GeneratorSettings {
  /** Window, in seconds, where most positions and lengths fall. */
  readonly timelineSeconds: number;
  /** Most caption entries in one drawn operation. */
  readonly maxCaptionEntries: number;
}

/** One operation type's generator. */
export interface OperationGenerator {
  /** True when the state holds what the operation needs (an item of the right type, ...). */
  readonly applies: (context: PlanContext) => boolean;
  /** Draws plans of the operation. */
  readonly plans: (settings: GeneratorSettings) => fc.Arbitrary<OperationPlan>;
  /** True for operations that add items; the state arbitrary favours them to grow states. */
  readonly adds: boolean;
  /** True for operations that need results from the outside world in `ApplyOptions`. */
  readonly needsProviders: boolean;
}

/**
 * A plan arbitrary from drawn values and the function that turns them into an operation
 * against a context; `build` returns undefined when the state offers nothing to act on.
 */
export function planFrom<Drawn>(
  drawn: fc.Arbitrary<Drawn>,
  build: (values: Drawn, context: PlanContext) => EditOperation | undefined,
): fc.Arbitrary<OperationPlan> {
  return drawn.map((values) => (context: PlanContext) => build(values, context));
}
