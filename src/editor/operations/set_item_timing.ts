/**
 * `set_item_timing`: moves an item along the timeline and/or changes its length, in whole
 * frames (seconds rounded, lengths at least one frame). An omitted field keeps its value.
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
import { durationSecondsToFrames, secondsToFrames } from "../time.js";

/** Applies `set_item_timing`. */
export const setItemTiming: OperationModule<SetItemTimingOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  const fromFrame =
    operation.from_seconds === undefined
      ? item.from
      : secondsToFrames(operation.from_seconds, draft.fps);
  const durationInFrames =
    operation.duration_seconds === undefined
      ? item.durationInFrames
      : durationSecondsToFrames(operation.duration_seconds, draft.fps);
  retimeItem(draft, item, fromFrame, durationInFrames);
  return undefined;
};
