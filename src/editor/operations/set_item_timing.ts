/**
 * `set_item_timing`: moves an item along the timeline and/or changes its length, in whole
 * frames: the new start and the new end are each rounded to the nearest frame (lengths at
 * least one frame), so an item re-timed to touch another in seconds touches it in frames.
 * An omitted field keeps its value; a move alone keeps the length in frames.
 *
 * A video or audio item of known media cannot be made longer than the media it has left
 * from its offset at its rate: that fails with `source_out_of_range`, naming the longest
 * length that fits (a length that fits in seconds but gains a frame from rounding is
 * shortened by that frame). GIFs loop and have no such bound.
 *
 * Generated captions follow a source item that moves or changes length
 * (`caption-links.ts`); timing the captions themselves ends their link.
 *
 * When the new frames collide on the item's track, the item keeps its layer by moving to
 * the free track directly in front or to a new track inserted there; it never fails for
 * lack of room.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemTimingOperation } from "../../schemas/edit-operations.js";
import { releaseIfCaptions } from "../caption-links.js";
import { findItem } from "../lookup.js";
import { fitRequestedLength, mediaWindowOf } from "../media-bounds.js";
import type { OperationModule } from "../options.js";
import { retimeItem } from "../placement.js";
import { framesToSeconds, secondsSpanToFrames, secondsToFrames } from "../time.js";

/** Applies `set_item_timing`. */
export const setItemTiming: OperationModule<SetItemTimingOperation> = (draft, operation) => {
  const lookup = findItem(draft, operation.item_id);
  if (!lookup.ok) return lookup;
  const found = lookup.value;
  // Timing generated captions by hand makes them hand-made: they stay where they are put.
  const item = releaseIfCaptions(draft, found);
  const fromSeconds = operation.from_seconds ?? framesToSeconds(item.from, draft.fps);
  const requestedSeconds = operation.duration_seconds;
  if (requestedSeconds === undefined) {
    retimeItem(draft, item, {
      fromFrame: secondsToFrames(fromSeconds, draft.fps),
      durationInFrames: item.durationInFrames,
    });
    return ok(undefined);
  }
  const span = secondsSpanToFrames(fromSeconds, requestedSeconds, draft.fps);
  const window = mediaWindowOf(draft, item);
  const length =
    window === null
      ? ok(span.durationInFrames)
      : fitRequestedLength(window, requestedSeconds, {
          durationInFrames: span.durationInFrames,
          fps: draft.fps,
          subject: `Item "${item.id}"`,
        });
  if (!length.ok) return length;
  retimeItem(draft, item, { fromFrame: span.from, durationInFrames: length.value });
  return ok(undefined);
};
