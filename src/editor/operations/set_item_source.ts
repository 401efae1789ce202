/**
 * `set_item_source`: trims into the source media and/or changes the playback rate of a
 * video, GIF or audio item. An offset at or past the end of media of known length fails
 * with `source_out_of_range`.
 *
 * The timeline length stays as it is (rule 8: duration is the visible length, the rate
 * only changes speed), unless the media would run out first: a later offset or a faster
 * rate on a video or audio item of known length ends the item where its media ends, as
 * trimming a clip's head or speeding it up does in an editor (a 10 s clip set to rate 2
 * lasts 5 s). With less than one frame of media left, it fails with
 * `source_out_of_range`. GIFs loop, so their length never changes.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemSourceOperation } from "../../schemas/edit-operations.js";
import { normalizeAudioRole } from "../audio-roles.js";
import { isSourceTimedItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import { checkSourceStart, clampToMedia, mediaWindowOf } from "../media-bounds.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_source`. */
export const setItemSource: OperationModule<SetItemSourceOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (!isSourceTimedItem(item)) {
    return unsupportedItem(item, "set_item_source", "video, GIF and audio items");
  }
  const sourceStartSeconds = operation.source_start_seconds ?? item.sourceStartSeconds;
  const playbackRate = operation.playback_rate ?? item.playbackRate;
  const subject = `Item "${item.id}"`;
  const mediaSeconds = draft.asset(item.assetId)?.durationSeconds ?? null;
  const start = checkSourceStart(mediaSeconds, sourceStartSeconds, subject);
  if (!start.ok) return start;
  const window = mediaWindowOf(draft, item, { sourceStartSeconds, playbackRate });
  const length =
    window === null
      ? ok(item.durationInFrames)
      : clampToMedia(window, { durationInFrames: item.durationInFrames, fps: draft.fps, subject });
  if (!length.ok) return length;
  const updated = draft.updateItem(item, {
    sourceStartSeconds,
    playbackRate,
    durationInFrames: length.value,
  });
  if (updated.type === "audio") normalizeAudioRole(draft, updated);
  return ok(undefined);
};
