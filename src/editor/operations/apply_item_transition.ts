/**
 * `apply_item_transition` (rule 6): moves the incoming item (`to_item_id`) earlier so it
 * starts `overlap_seconds` (default 0.5) before the outgoing item (`from_item_id`) ends,
 * then applies the animations.
 *
 * - Both items must be visual and different; the incoming one must start after the
 *   outgoing one starts, the overlap must be shorter than the outgoing item, and the
 *   incoming item must outlast the overlap; otherwise `invalid_transition`.
 * - The incoming item only ever moves earlier. When it already starts before the overlap
 *   asked for (it overlaps more), moving it there would move it later, so that fails with
 *   `invalid_transition`, naming the overlap it already has.
 * - `preserve_to_item_end: true` keeps the incoming item's end frame, so it grows by the
 *   distance it moved; otherwise it keeps its length. A head that grows shows media from
 *   before the old head: the source offset of a video or GIF moves back by the distance
 *   times the playback rate (the handle), so every frame it showed before still shows at
 *   the same time. Without that much media before the offset, it fails with
 *   `source_out_of_range`. Captions shift their entries later on their clock instead.
 *   An item may not grow past 3,600 s (`invalid_transition`).
 * - The transition is visible: while the two overlap, the incoming item plays in front of
 *   the outgoing one, so its enter animation (by default a cross-fade) is seen rather than
 *   played underneath an opaque picture. An incoming item already on a track in front
 *   keeps its layer (a collision there moves it to the free track in front of its own, or
 *   a new one); one on the outgoing item's track or behind it moves to the track directly
 *   in front of the outgoing item when that is free over its new frames, else to a new
 *   track inserted there.
 * - `exit` goes on the outgoing item and `enter` on the incoming one; null clears. When
 *   `enter` is omitted and the items overlap, the incoming item fades in over the
 *   overlap, which makes the default a cross-fade. An animation set here starts (or ends)
 *   at the item's own edge, even on a half of a split item; the items' other effects keep
 *   their place relative to the items' edges (`effect-spans.ts`).
 *
 * @module
 */
import { ok, type Result } from "../../result.js";
import type { ApplyItemTransitionOperation } from "../../schemas/edit-operations.js";
import type { AnimationConfig } from "../../schemas/edit-values.js";
import {
  PLAYBACK_RATE_DEFAULT,
  TIMELINE_DURATION_MAX_SECONDS,
  TRANSITION_OVERLAP_DEFAULT_SECONDS,
} from "../../schemas/limits.js";
import { releaseIfCaptions } from "../caption-links.js";
import { shiftCaptionEntries } from "../captions.js";
import type { EditDraft } from "../draft.js";
import { restartEffects } from "../effect-spans.js";
import { type EditFailure, editFailure } from "../errors.js";
import { isSourceTimedItem, isVisualItem, itemEndFrame, type VisualItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import { maxItemFrames, shortSeconds } from "../media-bounds.js";
import type { OperationModule } from "../options.js";
import { isSpanFree, retimeItem } from "../placement.js";
import type { FrameSpan } from "../time.js";
import { framesToSeconds, secondsToFrames, secondsToMilliseconds } from "../time.js";

// A handle shorter than the one needed by less than this is rounding, not missing media.
const HANDLE_TOLERANCE_SECONDS = 1e-6;

function findVisual(
  draft: EditDraft,
  itemId: string,
  field: "from_item_id" | "to_item_id",
): Result<VisualItem, EditFailure> {
  const found = findItem(draft, itemId, field);
  if (!found.ok) return found;
  const item = found.value;
  if (isVisualItem(item)) return ok(item);
  return unsupportedItem(item, `apply_item_transition ${field}`, "visual items");
}

// The two items of a transition: the one that ends and the one that takes over.
interface TransitionItems {
  readonly outgoing: VisualItem;
  readonly incoming: VisualItem;
}

// How the incoming item takes over: frames shared with the outgoing one, and whether it
// keeps its end (growing its head) or its length.
interface TransitionOverlap {
  readonly overlapFrames: number;
  readonly preserveEnd: boolean;
  readonly fps: number;
}

// The incoming item's new first frame and length, or why the transition cannot apply.
function incomingPlace(
  { outgoing, incoming }: TransitionItems,
  { overlapFrames, preserveEnd, fps }: TransitionOverlap,
): Result<FrameSpan, EditFailure> {
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
  if (from > incoming.from) {
    const already = itemEndFrame(outgoing) - incoming.from;
    return editFailure(
      "invalid_transition",
      `The incoming item "${incoming.id}" already overlaps the outgoing item "${outgoing.id}" by ${shortSeconds(framesToSeconds(already, fps))} s; an overlap of ${shortSeconds(framesToSeconds(overlapFrames, fps))} s would move it later. Send overlap_seconds of at least that, or move it first.`,
    );
  }
  const durationInFrames = preserveEnd ? itemEndFrame(incoming) - from : incoming.durationInFrames;
  if (durationInFrames <= overlapFrames) {
    return editFailure(
      "invalid_transition",
      `The incoming item "${incoming.id}" would end before the outgoing item "${outgoing.id}" does.`,
    );
  }
  if (durationInFrames > maxItemFrames(fps)) {
    return editFailure(
      "invalid_transition",
      `Keeping its end, the incoming item "${incoming.id}" would last ${shortSeconds(framesToSeconds(durationInFrames, fps))} s; an item lasts at most ${TIMELINE_DURATION_MAX_SECONDS} s.`,
    );
  }
  return ok({ from, durationInFrames });
}

// What a head grown by `grownFrames` must change so that every frame the item showed
// still shows at the same time: an earlier source offset, or later caption entries.
function headChanges(
  draft: EditDraft,
  item: VisualItem,
  grownFrames: number,
): Result<Partial<VisualItem>, EditFailure> {
  const grownSeconds = framesToSeconds(grownFrames, draft.fps);
  if (isSourceTimedItem(item)) {
    const handleSeconds = grownSeconds * item.playbackRate;
    const sourceStartSeconds = item.sourceStartSeconds - handleSeconds;
    if (sourceStartSeconds < -HANDLE_TOLERANCE_SECONDS) {
      return editFailure(
        "source_out_of_range",
        `Keeping its end, the incoming item "${item.id}" starts ${shortSeconds(grownSeconds)} s earlier and needs ${shortSeconds(handleSeconds)} s of media before its offset; it has ${shortSeconds(item.sourceStartSeconds)} s. Use a shorter overlap, or preserve_to_item_end false.`,
      );
    }
    return ok({ sourceStartSeconds: Math.max(0, sourceStartSeconds) });
  }
  if (item.type === "captions") {
    const rate = item.style.playback_rate ?? PLAYBACK_RATE_DEFAULT;
    return ok({
      captions: shiftCaptionEntries(item.captions, secondsToMilliseconds(grownSeconds * rate)),
    });
  }
  return ok({});
}

// Moves the incoming item to its new frames in front of the outgoing item while they
// overlap (see the module comment), and returns it as moved.
function placeIncoming(
  draft: EditDraft,
  { outgoing, incoming }: TransitionItems,
  place: FrameSpan,
): VisualItem {
  const outgoingPosition = draft.trackPosition(outgoing.trackId) ?? 0;
  const incomingPosition = draft.trackPosition(incoming.trackId) ?? 0;
  const overlaps = place.from < itemEndFrame(outgoing);
  if (!overlaps || incomingPosition < outgoingPosition) {
    return retimeItem(draft, incoming, {
      fromFrame: place.from,
      durationInFrames: place.durationInFrames,
    });
  }
  const endFrame = place.from + place.durationInFrames;
  const inFront = draft.tracks[outgoingPosition - 1];
  const trackId =
    inFront?.kind === "visual" &&
    isSpanFree(draft, { track: inFront, fromFrame: place.from, endFrame }, incoming.id)
      ? inFront.id
      : draft.createTrack("visual", outgoingPosition);
  return draft.moveItem(incoming, { trackId, ...place });
}

/** Applies `apply_item_transition`. */
export const applyItemTransition: OperationModule<ApplyItemTransitionOperation> = (
  draft,
  operation,
) => {
  const outgoingFound = findVisual(draft, operation.from_item_id, "from_item_id");
  if (!outgoingFound.ok) return outgoingFound;
  const outgoing = outgoingFound.value;
  const incomingFound = findVisual(draft, operation.to_item_id, "to_item_id");
  if (!incomingFound.ok) return incomingFound;
  const found = incomingFound.value;
  if (outgoing.id === found.id) {
    return editFailure("invalid_transition", "A transition needs two different items.");
  }
  const overlapSeconds = operation.overlap_seconds ?? TRANSITION_OVERLAP_DEFAULT_SECONDS;
  const overlapFrames = secondsToFrames(overlapSeconds, draft.fps);
  const preserveEnd = operation.preserve_to_item_end ?? false;
  const placing = incomingPlace(
    { outgoing, incoming: found },
    { overlapFrames, preserveEnd, fps: draft.fps },
  );
  if (!placing.ok) return placing;
  const place = placing.value;
  // Moving generated captions by hand makes them hand-made (`caption-links.ts`).
  const incoming = releaseIfCaptions(draft, found);
  const grown = headChanges(draft, incoming, place.durationInFrames - incoming.durationInFrames);
  if (!grown.ok) return grown;
  const head = grown.value;
  const moved = placeIncoming(draft, { outgoing, incoming }, place);
  const crossFade: AnimationConfig | undefined =
    overlapFrames > 0
      ? { type: "fade", duration_seconds: framesToSeconds(overlapFrames, draft.fps) }
      : undefined;
  // null clears the enter animation; only an omitted one takes the cross-fade.
  const enterAnimation = operation.enter === undefined ? crossFade : operation.enter;
  const entering = draft.updateItem(moved, { ...head, enterAnimation });
  restartEffects(draft, entering, {
    family: "animation",
    sides: { start: enterAnimation !== undefined, end: false },
  });
  const leaving = draft.updateItem(outgoing, { exitAnimation: operation.exit });
  restartEffects(draft, leaving, {
    family: "animation",
    sides: { start: false, end: operation.exit !== undefined },
  });
  return ok(undefined);
};
