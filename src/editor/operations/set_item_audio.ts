/**
 * `set_item_audio`: sets the gain and fades of one video or audio item. Omitted fields
 * keep their value; an audio item of an older state gets its inferred role written.
 * A fade longer than the item is stored at the item's length (`effects.ts`), so the
 * state says what plays. A fade set anew starts (or ends) at the item's own edge, even on
 * a half of a split item (`effect-spans.ts`).
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemAudioOperation } from "../../schemas/edit-operations.js";
import { normalizeAudioRole } from "../audio-roles.js";
import { restartEffects } from "../effect-spans.js";
import { isSoundItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_audio`. */
export const setItemAudio: OperationModule<SetItemAudioOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (!isSoundItem(item)) return unsupportedItem(item, "set_item_audio", "video and audio items");
  const updated = draft.updateItem(item, {
    volumeDb: operation.volume_db,
    audioFadeInSeconds: operation.audio_fade_in_seconds,
    audioFadeOutSeconds: operation.audio_fade_out_seconds,
  });
  const restarted = restartEffects(draft, updated, {
    family: "audioFade",
    sides: {
      start: operation.audio_fade_in_seconds !== undefined,
      end: operation.audio_fade_out_seconds !== undefined,
    },
  });
  if (restarted.type === "audio") normalizeAudioRole(draft, restarted);
  return ok(undefined);
};
