/**
 * Arbitraries of edit operations and batches for a given state: operations the engine
 * accepts in the common case, because every id they name exists in that state, every
 * time falls where the operation needs it, and every value is inside the wire limits.
 *
 * @module
 */
import fc from "fast-check";
import type { EditorState } from "../editor/index.js";
import type { EditOperation, EditOperationType } from "../schemas/edit-operations.js";
import { OPERATIONS_PER_REQUEST_MAX } from "../schemas/limits.js";
import { planBatch } from "./batch-planning.js";
import { chooseTypes, generatorOf } from "./generators.js";
import type { GeneratorSettings, OperationPlan, PlanContext } from "./plans.js";
import { type ProviderResults, ProviderResultsBuilder } from "./provider-results.js";
import { type GenerationOptions, generatorSettings, wholeOption } from "./settings.js";

/** Options of {@link editOperationArbitrary}. */
export type EditOperationArbitraryOptions = GenerationOptions;

/** Options of {@link editBatchArbitrary} and {@link editBatchWithProvidersArbitrary}. */
export interface EditBatchArbitraryOptions extends GenerationOptions {
  /**
   * Fewest operations drawn, at least 1. Default 1. A drawn operation whose target an
   * earlier one removed is dropped, so a batch can come out shorter (never empty).
   */
  minLength?: number;
  /** Most operations in a batch, at most 50 (the PATCH limit). Default 10. */
  maxLength?: number;
}

/** A batch and the provider results that let it apply. */
export interface EditBatchWithProviders {
  /** The operations, in order. */
  operations: EditOperation[];
  /**
   * Transcripts, synthesized speech and sound resolutions for the batch, as
   * `ApplyOptions` fields: spread them next to your `generateId`.
   */
  options: ProviderResults;
}

const BATCH_LENGTH_DEFAULT = 10;

// The plans of every type in `types` that can act on `state`.
function applicablePlans(
  state: EditorState,
  {
    types,
    settings,
    withProviders,
  }: { types: readonly EditOperationType[]; settings: GeneratorSettings; withProviders: boolean },
): fc.Arbitrary<OperationPlan>[] {
  const context: PlanContext = {
    state,
    canName: () => true,
    results: withProviders ? new ProviderResultsBuilder() : undefined,
  };
  return types
    .filter((type) => generatorOf(type).applies(context))
    .map((type) => generatorOf(type).plans(settings));
}

// Asking only for types the state cannot take (`update_text` without a text item, ...)
// is a mistake in the caller's suite, so it throws rather than drawing nothing.
function requireSome<Value>(
  values: readonly Value[],
  state: EditorState,
  types: readonly EditOperationType[],
): [Value, ...Value[]] {
  const [first, ...rest] = values;
  if (first === undefined) {
    throw new RangeError(
      `None of the operation types ${types.join(", ")} can act on this state (${Object.keys(state.items).length} items).`,
    );
  }
  return [first, ...rest];
}

function batchLengths(options: EditBatchArbitraryOptions): {
  minLength: number;
  maxLength: number;
} {
  const maxLength = wholeOption("maxLength", options.maxLength, {
    fallback: Math.min(BATCH_LENGTH_DEFAULT, OPERATIONS_PER_REQUEST_MAX),
    min: 1,
    max: OPERATIONS_PER_REQUEST_MAX,
  });
  const minLength = wholeOption("minLength", options.minLength, {
    fallback: 1,
    min: 1,
    max: maxLength,
  });
  return { minLength, maxLength };
}

/**
 * An operation for `state` that needs no provider results (every type but
 * `generate_captions_from_items` and `add_voiceover`, whose inputs only the service can
 * supply: use {@link editBatchWithProvidersArbitrary} for those). Types that cannot act on
 * the state (no text item for `update_text`, ...) are left out; a `RangeError` says when
 * none of `options.types` can.
 *
 * Applied alone to `state`, the operation is meant to be accepted: reelkit's own suite
 * checks that over many seeds. A suite of yours may still treat a refusal with a code
 * from `EDIT_ERROR_CODES` as allowed, since the engine, not the generator, is the judge.
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(
 *     editorStateArbitrary().chain((state) =>
 *       editOperationArbitrary(state).map((operation) => ({ state, operation })),
 *     ),
 *     ({ state, operation }) => {
 *       const result = applyOperations(state, [operation], {
 *         generateId: countingIdGenerator("new", state),
 *       });
 *       if (result.ok) assertEditorInvariants(result.value.state);
 *     },
 *   ),
 *   { seed: 42 },
 * );
 * ```
 */
export function editOperationArbitrary(
  state: EditorState,
  options: EditOperationArbitraryOptions = {},
): fc.Arbitrary<EditOperation> {
  const settings = generatorSettings(options);
  const types = chooseTypes(options.types, false);
  const plans = requireSome(
    applicablePlans(state, { types, settings, withProviders: false }),
    state,
    types,
  );
  return fc.oneof(...plans).map((plan) => {
    const operation = plan({ state, canName: () => true, results: undefined });
    // `applies` said the type can act on this state, so a missing operation is a bug here.
    if (operation === undefined) throw new Error("An applicable plan produced no operation.");
    return operation;
  });
}

/**
 * A batch of 1 to `maxLength` operations for `state`, without provider results (as
 * {@link editOperationArbitrary}). Each operation is planned against the state the
 * operations before it leave, so a later one never names an item an earlier one removed
 * or split, and it only names ids of `state`, so the batch applies with any id
 * generator. When earlier operations leave a later plan nothing to act on, that plan is
 * dropped, so a batch may be shorter than drawn (never empty).
 *
 * Since the planner applies each operation to a scratch copy as it goes, the whole batch
 * is meant to apply. Should the scratch run refuse an operation (a bug in a generator, or
 * an engine change), the operation stays in the batch and the batch fails with a code
 * from `EDIT_ERROR_CODES`; a suite may accept that, checking the input is unchanged.
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(
 *     editorStateArbitrary().chain((state) =>
 *       editBatchArbitrary(state).map((operations) => ({ state, operations })),
 *     ),
 *     ({ state, operations }) => {
 *       const generateId = countingIdGenerator("new", state);
 *       const result = applyOperations(state, operations, { generateId });
 *       if (!result.ok) return; // a known code; the input is untouched
 *       expect(applyPatches(result.value.state, result.value.inverse)).toEqual(state);
 *     },
 *   ),
 *   { seed: 42 },
 * );
 * ```
 */
export function editBatchArbitrary(
  state: EditorState,
  options: EditBatchArbitraryOptions = {},
): fc.Arbitrary<EditOperation[]> {
  const settings = generatorSettings(options);
  const types = chooseTypes(options.types, false);
  const plans = fc.oneof(
    ...requireSome(applicablePlans(state, { types, settings, withProviders: false }), state, types),
  );
  return fc
    .array(plans, batchLengths(options))
    .map((drawn) => planBatch(state, drawn, false).operations);
}

/**
 * A batch for `state` that may include `generate_captions_from_items`, `add_voiceover`
 * and library or My Media sound effects, with the provider results that let it apply:
 * the transcripts of each caption source (words over the part of the source the
 * timeline plays), the synthesized speech, and the sound resolutions. `add_voiceover`
 * always comes alone, as the engine requires (`voiceover_not_alone` otherwise).
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(
 *     editorStateArbitrary().chain((state) =>
 *       editBatchWithProvidersArbitrary(state).map((batch) => ({ state, batch })),
 *     ),
 *     ({ state, batch }) => {
 *       const result = applyOperations(state, batch.operations, {
 *         ...batch.options,
 *         generateId: countingIdGenerator("new", state),
 *       });
 *       if (result.ok) assertEditorInvariants(result.value.state);
 *     },
 *   ),
 * );
 * ```
 */
export function editBatchWithProvidersArbitrary(
  state: EditorState,
  options: EditBatchArbitraryOptions = {},
): fc.Arbitrary<EditBatchWithProviders> {
  const settings = generatorSettings(options);
  const types = chooseTypes(options.types, true);
  const lengths = batchLengths(options);
  const batches: fc.WeightedArbitrary<OperationPlan[]>[] = [];
  const [first, ...rest] = applicablePlans(state, {
    types: types.filter((type) => type !== "add_voiceover"),
    settings,
    withProviders: true,
  });
  if (first !== undefined) {
    batches.push({ weight: 4, arbitrary: fc.array(fc.oneof(first, ...rest), lengths) });
  }
  if (types.includes("add_voiceover")) {
    const voiceover = generatorOf("add_voiceover").plans(settings);
    batches.push({ weight: 1, arbitrary: voiceover.map((plan) => [plan]) });
  }
  return fc.oneof(...requireSome(batches, state, types)).map((drawn) => {
    const planned = planBatch(state, drawn, true);
    return { operations: planned.operations, options: planned.results };
  });
}
