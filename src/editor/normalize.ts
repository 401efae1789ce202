/**
 * `normalizeEditorState`: brings a state of an older version up to what the engine
 * writes today, so it passes `validateEditorState`. The engine already edits such states
 * (spec 4.14 rule 2: audio items without a role are inferred and normalized when matched);
 * normalizing them whole is for a service that loads a stored state and checks it.
 *
 * @module
 */
import { isAudioRole, normalizeAudioRole } from "./audio-roles.js";
import { commitDraft } from "./commit.js";
import { EditDraft } from "./draft.js";
import type { EditorState } from "./state.js";

function noNewIds(): string {
  throw new Error("Normalizing a state creates no items, tracks or assets.");
}

/**
 * Writes the inferred audio role (from the asset, as `set_audio_levels` does) onto every
 * audio item that lacks a valid one. Returns the input itself when nothing needs it;
 * otherwise a new frozen state sharing every other item. O(items).
 *
 * @example
 * ```ts
 * const stored = loadProjectState(); // an audio item from an older version has no role
 * validateEditorState(stored); // [{ path: "items.song.audioRole", ... }]
 * validateEditorState(normalizeEditorState(stored)); // []
 * ```
 */
export function normalizeEditorState(state: EditorState): EditorState {
  const draft = new EditDraft(state, noNewIds);
  for (const item of Object.values(state.items)) {
    if (item.type !== "audio" || isAudioRole(item.audioRole)) continue;
    // normalizeAudioRole writes only a missing role, so an unknown one goes first.
    normalizeAudioRole(draft, draft.clearItemFields(item, ["audioRole"]));
  }
  return commitDraft(draft).state;
}
