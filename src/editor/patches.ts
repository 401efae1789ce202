/**
 * Replaying the patches of accepted batches. A project's history is the engine's own
 * forward and inverse patches (DESIGN section 5); stores rebuild a past revision, or the
 * latest one after a restart, by applying them to a stored state. The same private
 * immer instance as the commit keeps a host's immer settings out of the result.
 *
 * @module
 */
import { enablePatches, Immer, type Patch } from "immer";
import type { EditorState } from "./state.js";

const immer = new Immer({ autoFreeze: false });

// immer's patch support is a global plugin; it is loaded on first use, as the commit
// does, so that importing the engine changes no global state.
let patchesEnabled = false;

/**
 * The state `patches` turn `state` into; the input is never mutated. Patches must come
 * from a batch applied to exactly this state (or its inverse): a patch that does not fit
 * is a bug in the caller and throws.
 *
 * @example
 * ```ts
 * const result = applyOperationsOrThrow(state, [{ type: "set_title", title: "Teaser" }]);
 * applyEditorPatches(result.state, result.inverse); // equal to `state`
 * ```
 */
export function applyEditorPatches(state: EditorState, patches: readonly Patch[]): EditorState {
  if (patches.length === 0) return state;
  if (!patchesEnabled) {
    enablePatches();
    patchesEnabled = true;
  }
  return immer.applyPatches(state, patches as Patch[]);
}
