/**
 * `set_item_timing`: moves an item along the timeline and/or changes its length, in whole
 * frames: the new start and the new end are each rounded to the nearest frame (lengths at
 * least one frame), so an item re-timed to touch another in seconds touches it in frames. An omitted field keeps its value.
 * When the new frames collide on the item's track, the item keeps its layer by moving to
 * the free track directly in front or to a new track inserted there; it never fails for
 * lack of room.
 *
 * @module
 */
import type { SetItemTimingOperation } from "../../schemas/edit-operations.js";
import { isEditFailure } from "../errors.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { retimeItem } from "../placement.js";
import { framesToSeconds, secondsSpanToFrames, secondsToFrames } from "../time.js";

/** Applies `set_item_timing`. */
export const setItemTiming: OperationModule<SetItemTimingOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  const fromSeconds = operation.from_seconds ?? framesToSeconds(item.from, draft.fps);
  const span =
    operation.duration_seconds === undefined
      ? { from: secondsToFrames(fromSeconds, draft.fps), durationInFrames: item.durationInFrames }
      : secondsSpanToFrames(fromSeconds, operation.duration_seconds, draft.fps);
  retimeItem(draft, item, span.from, span.durationInFrames);
  return undefined;
};
