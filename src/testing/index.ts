/**
 * reelkit/testing: property-based testing of code built on the editor engine, with
 * fast-check (an optional peer dependency: install `fast-check` 4 to use this entry).
 *
 * - {@link editorStateArbitrary}: valid editor states the engine can reach, built by
 *   applying drawn batches to an empty project.
 * - {@link editOperationArbitrary}, {@link editBatchArbitrary}: operations and batches
 *   for a given state, naming its items and tracks, inside the wire limits.
 * - {@link editBatchWithProvidersArbitrary}: batches that also transcribe, speak and
 *   resolve sound effects, with the provider results that let them apply.
 * - {@link assertEditorInvariants}: throws a readable list of every broken invariant.
 * - {@link countingIdGenerator}: deterministic ids for `ApplyOptions.generateId`, so a
 *   seed replays a failure exactly.
 *
 * The operations follow the rules the engine keeps so a viewer sees what was meant, so a
 * planned batch still applies: a video or audio item is never made longer than its media
 * left, an offset or rate always leaves it a frame of media, a transition never moves the
 * incoming item later and keeps its end only with the handle its media has, and the
 * sources of generated captions stay within the 3,600 s captions may span.
 *
 * Everything is deterministic: no arbitrary reads `Math.random` or the clock.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { applyOperations } from "reelkit/editor";
 * import {
 *   assertEditorInvariants,
 *   countingIdGenerator,
 *   editBatchArbitrary,
 *   editorStateArbitrary,
 * } from "reelkit/testing";
 *
 * fc.assert(
 *   fc.property(
 *     editorStateArbitrary().chain((state) =>
 *       editBatchArbitrary(state).map((operations) => ({ state, operations })),
 *     ),
 *     ({ state, operations }) => {
 *       const result = applyOperations(state, operations, {
 *         generateId: countingIdGenerator("new", state),
 *       });
 *       if (result.ok) assertEditorInvariants(result.value.state);
 *     },
 *   ),
 *   { seed: 20261122 },
 * );
 * ```
 *
 * @packageDocumentation
 */
export {
  type EditBatchArbitraryOptions,
  type EditBatchWithProviders,
  type EditOperationArbitraryOptions,
  editBatchArbitrary,
  editBatchWithProvidersArbitrary,
  editOperationArbitrary,
} from "./edit-arbitraries.js";
export { countingIdGenerator } from "./ids.js";
export { assertEditorInvariants, EditorInvariantError } from "./invariants.js";
export type { ProviderResults } from "./provider-results.js";
export type { GenerationOptions } from "./settings.js";
export { type EditorStateArbitraryOptions, editorStateArbitrary } from "./state-arbitrary.js";
