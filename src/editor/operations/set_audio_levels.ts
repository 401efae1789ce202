/**
 * `set_audio_levels` (rule 2): sets the gain and fades of every item a selector matches:
 * `item_ids`, `item_types` and `audio_roles` each add items (a video's role is
 * `source_video`), and `exclude_item_ids` takes items out. Audio items of older states are
 * matched on their inferred role, which is then written to them.
 *
 * Lowering volume never removes sound effects: no item is ever deleted, and a sound
 * effect matched only by `item_types` keeps its level when the new one would be lower,
 * so "turn the audio down" ducks music and speech but not the effects. Naming effects by
 * id or by the `sound_effect` role lowers them as asked.
 *
 * Fades longer than an item are stored at its length (`effects.ts`); a fade set anew starts
 * (or ends) at the item's own edge, even on a half of a split item (`effect-spans.ts`).
 *
 * Selecting by type or role reads every item of the matching kind of track, so its cost
 * follows the number of candidate items; selecting by id costs only the ids.
 *
 * @module
 */
import { ok, type Result } from "../../result.js";
import type { SetAudioLevelsOperation } from "../../schemas/edit-operations.js";
import { normalizeAudioRole, soundRoleOf } from "../audio-roles.js";
import type { EditDraft } from "../draft.js";
import { restartEffects } from "../effect-spans.js";
import { type EditFailure, editFailure } from "../errors.js";
import { isSoundItem, type SoundItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

// A matched item and whether it was named directly (by id or role) rather than by type.
interface Match {
  item: SoundItem;
  named: boolean;
}

function matchByIds(
  draft: EditDraft,
  itemIds: readonly string[],
  matches: Map<string, Match>,
): Result<void, EditFailure> {
  for (const itemId of itemIds) {
    const found = findItem(draft, itemId, "item_ids");
    if (!found.ok) return found;
    const item = found.value;
    if (!isSoundItem(item)) {
      return unsupportedItem(item, "set_audio_levels", "video and audio items");
    }
    matches.set(item.id, { item, named: true });
  }
  return ok(undefined);
}

function matchBySelectors(
  draft: EditDraft,
  operation: SetAudioLevelsOperation,
  matches: Map<string, Match>,
): void {
  const types = new Set(operation.item_types ?? []);
  const roles = new Set(operation.audio_roles ?? []);
  const wantsVideo = types.has("video") || roles.has("source_video");
  const wantsAudio = types.has("audio") || roles.size > 0;
  for (const track of draft.tracks) {
    if (track.kind === "visual" ? !wantsVideo : !wantsAudio) continue;
    for (const itemId of track.items) {
      const item = draft.item(itemId);
      if (item === undefined || !isSoundItem(item) || matches.get(itemId)?.named) continue;
      if (roles.has(soundRoleOf(draft, item))) matches.set(itemId, { item, named: true });
      else if (types.has(item.type)) matches.set(itemId, { item, named: false });
    }
  }
}

// A sound effect reached only through a broad type selector is not turned down.
function keepsItsLevel(draft: EditDraft, match: Match, volumeDb: number | undefined): boolean {
  return (
    !match.named &&
    volumeDb !== undefined &&
    volumeDb < match.item.volumeDb &&
    soundRoleOf(draft, match.item) === "sound_effect"
  );
}

/** Applies `set_audio_levels`. */
export const setAudioLevels: OperationModule<SetAudioLevelsOperation> = (draft, operation) => {
  const matches = new Map<string, Match>();
  const named = matchByIds(draft, operation.item_ids ?? [], matches);
  if (!named.ok) return named;
  if (operation.item_types !== undefined || operation.audio_roles !== undefined) {
    matchBySelectors(draft, operation, matches);
  }
  for (const excludedId of operation.exclude_item_ids ?? []) matches.delete(excludedId);
  if (matches.size === 0) {
    return editFailure("no_matching_items", "set_audio_levels matched no video or audio item.");
  }
  const fadeSides = {
    start: operation.audio_fade_in_seconds !== undefined,
    end: operation.audio_fade_out_seconds !== undefined,
  };
  for (const match of matches.values()) {
    const keepLevel = keepsItsLevel(draft, match, operation.volume_db);
    const updated = draft.updateItem(match.item, {
      volumeDb: keepLevel ? undefined : operation.volume_db,
      audioFadeInSeconds: operation.audio_fade_in_seconds,
      audioFadeOutSeconds: operation.audio_fade_out_seconds,
    });
    const restarted = restartEffects(draft, updated, { family: "audioFade", sides: fadeSides });
    if (restarted.type === "audio") normalizeAudioRole(draft, restarted);
  }
  return ok(undefined);
};
