/**
 * `add_captions` (rule 4): adds a captions item from caption entries timed in
 * milliseconds from the item's start. Entries and their words must be in time order and
 * none may end before it starts (`invalid_captions`). Without `duration_seconds` the item
 * lasts until its last entry ends; entries that would make it last longer than the
 * 3,600 s an item may have fail with `invalid_captions` rather than vanish past the
 * item's end (send `duration_seconds`, or the entries in several items). Placement is that of `add_text`: a front layer, an
 * explicit `track_id` only when visual and free, and without `top` the free vertical slot
 * nearest the lower quarter of the composition, clear of other timed text.
 *
 * @module
 */

import { ok } from "../../result.js";
import type { AddCaptionsOperation } from "../../schemas/edit-operations.js";
import { TIMELINE_DURATION_MAX_SECONDS } from "../../schemas/limits.js";
import { captionsLengthSeconds, checkCaptionEntries } from "../captions.js";
import { addCaptionsItem } from "../captions-item.js";
import { FROM_DEFAULT_SECONDS } from "../defaults.js";
import { editFailure } from "../errors.js";
import { shortSeconds } from "../media-bounds.js";
import type { OperationModule } from "../options.js";
import { secondsSpanToFrames } from "../time.js";

/** Applies `add_captions`. */
export const addCaptions: OperationModule<AddCaptionsOperation> = (draft, operation) => {
  const checked = checkCaptionEntries(operation.captions);
  if (!checked.ok) return checked;
  const style = operation.style ?? {};
  const lengthSeconds =
    operation.duration_seconds ?? captionsLengthSeconds(operation.captions, style);
  if (lengthSeconds > TIMELINE_DURATION_MAX_SECONDS) {
    return editFailure(
      "invalid_captions",
      `The captions run ${shortSeconds(lengthSeconds)} s; an item lasts at most ${TIMELINE_DURATION_MAX_SECONDS} s. Send duration_seconds, or the entries as several captions items.`,
    );
  }
  const span = secondsSpanToFrames(
    operation.from_seconds ?? FROM_DEFAULT_SECONDS,
    lengthSeconds,
    draft.fps,
  );
  const added = addCaptionsItem(draft, {
    fields: operation,
    trackId: operation.track_id,
    fromFrame: span.from,
    durationInFrames: span.durationInFrames,
    captions: operation.captions,
    style,
    language: null,
  });
  return added.ok ? ok(undefined) : added;
};
