/**
 * `apply_item_transition` (rule 6): moves the incoming item (`to_item_id`) so it starts
 * `overlap_seconds` (default 0.5) before the outgoing item (`from_item_id`) ends, then
 * applies the animations.
 *
 * - Both items must be visual; the incoming one must start after the outgoing one starts,
 *   the overlap must be shorter than the outgoing item, and the incoming item must outlast
 *   the overlap; otherwise `invalid_transition`.
 * - `preserve_to_item_end: true` keeps the incoming item's end frame, so it grows by the
 *   distance it moved; otherwise it keeps its length.
 * - Items cannot overlap on one track, so when the incoming item's new frames collide, it
 *   moves to the free track directly in front or to a new track there, which puts it in
 *   front of the outgoing item it covers.
 * - `exit` goes on the outgoing item and `enter` on the incoming one; null clears. When
 *   `enter` is omitted and the items overlap, the incoming item fades in over the
 *   overlap, which makes the default a cross-fade.
 *
 * @module
 */
import type { ApplyItemTransitionOperation } from "../../schemas/edit-operations.js";
import type { AnimationConfig } from "../../schemas/edit-values.js";
import { TRANSITION_OVERLAP_DEFAULT_SECONDS } from "../../schemas/limits.js";
import { type EditFailure, editFailure, isEditFailure } from "../errors.js";
import { type EditorItem, isVisualItem, itemEndFrame, type VisualItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { retimeItem } from "../placement.js";
import { framesToSeconds, secondsToFrames } from "../time.js";

function findVisual(item: EditorItem | EditFailure, field: string): VisualItem | EditFailure {
  if (isEditFailure(item) || isVisualItem(item)) return item;
  return unsupportedItem(item, `apply_item_transition ${field}`, "visual items");
}

// The incoming item's new first frame and length, or why the transition cannot apply.
function incomingPlace(
  outgoing: VisualItem,
  incoming: VisualItem,
  overlapFrames: number,
  preserveEnd: boolean,
): { from: number; durationInFrames: number } | EditFailure {
  if (incoming.from <= outgoing.from) {
    return editFailure(
      "invalid_transition",
      `The incoming item "${incoming.id}" must start after the outgoing item "${outgoing.id}" starts.`,
    );
  }
  if (overlapFrames >= outgoing.durationInFrames) {
    return editFailure(
      "invalid_transition",
      `An overlap of ${overlapFrames} frames does not fit in the outgoing item "${outgoing.id}" (${outgoing.durationInFrames} frames).`,
    );
  }
  const from = itemEndFrame(outgoing) - overlapFrames;
  const durationInFrames = preserveEnd ? itemEndFrame(incoming) - from : incoming.durationInFrames;
  if (durationInFrames <= overlapFrames) {
    return editFailure(
      "invalid_transition",
      `The incoming item "${incoming.id}" would end before the outgoing item "${outgoing.id}" does.`,
    );
  }
  return { from, durationInFrames };
}

/** Applies `apply_item_transition`. */
export const applyItemTransition: OperationModule<ApplyItemTransitionOperation> = (
  draft,
  operation,
) => {
  const outgoing = findVisual(
    findItem(draft, operation.from_item_id, "from_item_id"),
    "from_item_id",
  );
  if (isEditFailure(outgoing)) return outgoing;
  const incoming = findVisual(findItem(draft, operation.to_item_id, "to_item_id"), "to_item_id");
  if (isEditFailure(incoming)) return incoming;
  if (outgoing.id === incoming.id) {
    return editFailure("invalid_transition", "A transition needs two different items.");
  }
  const overlapSeconds = operation.overlap_seconds ?? TRANSITION_OVERLAP_DEFAULT_SECONDS;
  const overlapFrames = secondsToFrames(overlapSeconds, draft.fps);
  const place = incomingPlace(
    outgoing,
    incoming,
    overlapFrames,
    operation.preserve_to_item_end ?? false,
  );
  if (isEditFailure(place)) return place;
  const moved = retimeItem(draft, incoming, place.from, place.durationInFrames);
  const crossFade: AnimationConfig | undefined =
    overlapFrames > 0
      ? { type: "fade", duration_seconds: framesToSeconds(overlapFrames, draft.fps) }
      : undefined;
  // null clears the enter animation; only an omitted one takes the cross-fade.
  const enterAnimation = operation.enter === undefined ? crossFade : operation.enter;
  draft.updateItem(moved, { enterAnimation });
  draft.updateItem(outgoing, { exitAnimation: operation.exit });
  return undefined;
};
