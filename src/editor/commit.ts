/**
 * Turning a finished {@link EditDraft} into the next state with one immer
 * `produceWithPatches`, shared by every entry point that edits a state.
 *
 * @module
 */
import { enablePatches, Immer, type Patch } from "immer";
import type { EditDraft } from "./draft.js";
import type { EditorState } from "./state.js";

// A private instance, so a host's immer settings do not change what the engine returns.
// Auto-freezing is off because it walks every key of a copied record (all items of the
// timeline); the draft freezes exactly what it created instead.
const immer = new Immer({ autoFreeze: false });

// immer's patch support is a global plugin. Loading it on the first commit rather than
// at import keeps every module free of import-time effects (the package declares
// `sideEffects: false`, so a bundler may drop a module imported only for its effects).
let patchesEnabled = false;

function ensurePatchesEnabled(): void {
  if (patchesEnabled) return;
  enablePatches();
  patchesEnabled = true;
}

/** The next state and the patches between it and the input. */
export interface CommittedDraft {
  /** The next state; the input itself when the draft holds no change. */
  state: EditorState;
  /** Patches from the input to `state`. */
  patches: Patch[];
  /** Patches from `state` back to the input. */
  inverse: Patch[];
}

/**
 * Writes the draft's changes into a new state sharing everything untouched. Every object
 * the commit creates is frozen; shared parts stay as the caller made them.
 */
export function commitDraft(draft: EditDraft): CommittedDraft {
  // Before the early return too: a caller may hand even empty patches to applyPatches.
  ensurePatchesEnabled();
  if (!draft.hasChanges()) return { state: draft.base, patches: [], inverse: [] };
  const [state, patches, inverse] = immer.produceWithPatches(draft.base, (writable) => {
    draft.commit(writable);
  });
  draft.freezeChanges(state);
  return { state, patches, inverse };
}
