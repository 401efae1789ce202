/**
 * `set_item_source`: trims into the source media and/or changes the playback rate of a
 * video, GIF or audio item. The timeline length stays as it is (rule 8: duration is the
 * visible length, the rate only changes speed). A source offset at or past the end of
 * media of known length fails with `source_out_of_range`.
 *
 * @module
 */
import type { SetItemSourceOperation } from "../../schemas/edit-operations.js";
import { normalizeAudioRole } from "../audio-roles.js";
import { editFailure, isEditFailure } from "../errors.js";
import { isSourceTimedItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_source`. */
export const setItemSource: OperationModule<SetItemSourceOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  if (!isSourceTimedItem(item)) {
    return unsupportedItem(item, "set_item_source", "video, GIF and audio items");
  }
  const sourceStartSeconds = operation.source_start_seconds;
  const mediaSeconds = draft.asset(item.assetId)?.durationSeconds ?? null;
  if (sourceStartSeconds !== undefined && mediaSeconds !== null) {
    if (sourceStartSeconds >= mediaSeconds) {
      return editFailure(
        "source_out_of_range",
        `source_start_seconds ${sourceStartSeconds} is at or past the end of the ${mediaSeconds} s media of item "${item.id}".`,
      );
    }
  }
  const updated = draft.updateItem(item, {
    sourceStartSeconds,
    playbackRate: operation.playback_rate,
  });
  if (updated.type === "audio") normalizeAudioRole(draft, updated);
  return undefined;
};
