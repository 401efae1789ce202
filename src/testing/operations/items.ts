/**
 * Generators of the operations that place existing items: `remove_item`,
 * `set_item_timing`, `split_item`, `set_item_layer_order` and `move_item_to_track`.
 *
 * @module
 */
import fc from "fast-check";
import {
  type EditorItem,
  itemEndFrame,
  secondsSpanToFrames,
  secondsToFrames,
  type Track,
} from "../../editor/index.js";
import { TIMELINE_POSITION_MAX_SECONDS } from "../../schemas/limits.js";
import { sourceRoom } from "../linked-captions.js";
import { lengthWithinMedia } from "../media-offsets.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { frameSeconds, isTrackFree, nameableItems, nameableTracks, pick } from "../state-view.js";
import {
  durationSecondsArbitrary,
  positionSecondsArbitrary,
  unitArbitrary,
} from "../values/numbers.js";

function hasItems(context: PlanContext): boolean {
  return nameableItems(context).length > 0;
}

/** `remove_item` on any item. */
export const removeItemGenerator: OperationGenerator = {
  applies: hasItems,
  plans: () =>
    planFrom(fc.nat(), (index, context) => {
      const item = pick(nameableItems(context), index);
      return item === undefined ? undefined : { type: "remove_item", item_id: item.id };
    }),
  adds: false,
  needsProviders: false,
};

// Whether the new timing keeps every caption linked to the item within 3,600 s.
function staysInRoom(
  context: PlanContext,
  item: EditorItem,
  fields: { from_seconds?: number; duration_seconds?: number },
): boolean {
  const fps = context.state.fps;
  const span =
    fields.duration_seconds === undefined
      ? {
          from: secondsToFrames(fields.from_seconds ?? frameSeconds(item.from, fps), fps),
          durationInFrames: item.durationInFrames,
        }
      : secondsSpanToFrames(
          fields.from_seconds ?? frameSeconds(item.from, fps),
          fields.duration_seconds,
          fps,
        );
  const room = sourceRoom(context.state, item);
  return span.from >= room.earliestFrom && itemEndFrame(span) <= room.latestEnd;
}

/**
 * `set_item_timing` on any item: a new start, a new length, or both. A video or audio
 * item of known length is never made longer than its media left, and a source of
 * generated captions never moves more than 3,600 s from the captions' other sources.
 * Never rejected.
 */
export const setItemTimingGenerator: OperationGenerator = {
  applies: hasItems,
  plans: (settings) =>
    planFrom(
      fc.record({
        index: fc.nat(),
        fields: fc.constantFrom("from", "duration", "both"),
        fromSeconds: positionSecondsArbitrary(settings.timelineSeconds),
        durationSeconds: durationSecondsArbitrary(settings.timelineSeconds),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context), drawn.index);
        if (item === undefined) return undefined;
        const length = lengthWithinMedia(context.state, item, drawn.durationSeconds);
        const withLength = drawn.fields !== "from" && length !== undefined;
        const fields = {
          ...(withLength && drawn.fields === "duration" ? {} : { from_seconds: drawn.fromSeconds }),
          ...(withLength ? { duration_seconds: length } : {}),
        };
        const fits = staysInRoom(context, item, fields);
        // A move that would spread linked captions past 3,600 s becomes a move in place.
        return {
          type: "set_item_timing",
          item_id: item.id,
          ...(fits ? fields : { from_seconds: frameSeconds(item.from, context.state.fps) }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};

// The frames a cut may fall on: strictly inside the item and no later than the latest
// position the wire accepts.
function cutRange(item: EditorItem, fps: number): [number, number] {
  return [
    item.from + 1,
    Math.min(itemEndFrame(item) - 1, Math.floor(TIMELINE_POSITION_MAX_SECONDS * fps)),
  ];
}

function splittable(context: PlanContext): EditorItem[] {
  return nameableItems(context).filter((item) => {
    const [first, last] = cutRange(item, context.state.fps);
    return first <= last;
  });
}

/** `split_item` at a frame strictly inside an item at least two frames long. */
export const splitItemGenerator: OperationGenerator = {
  applies: (context) => splittable(context).length > 0,
  plans: () =>
    planFrom(fc.record({ index: fc.nat(), unit: unitArbitrary() }), (drawn, context) => {
      const item = pick(splittable(context), drawn.index);
      if (item === undefined) return undefined;
      const [first, last] = cutRange(item, context.state.fps);
      const frame = Math.min(first + Math.floor(drawn.unit * (last - first + 1)), last);
      return {
        type: "split_item",
        item_id: item.id,
        at_seconds: frameSeconds(frame, context.state.fps),
      };
    }),
  adds: true,
  needsProviders: false,
};

/** `set_item_layer_order` on any item, to the front or the back. Never rejected. */
export const setItemLayerOrderGenerator: OperationGenerator = {
  applies: hasItems,
  plans: () =>
    planFrom(
      fc.record({ index: fc.nat(), position: fc.constantFrom("front", "back") }),
      (drawn, context) => {
        const item = pick(nameableItems(context), drawn.index);
        if (item === undefined) return undefined;
        return { type: "set_item_layer_order", item_id: item.id, position: drawn.position };
      },
    ),
  adds: false,
  needsProviders: false,
};

// The first item, from `start` on, with another nameable track of its kind free over its
// frames, and those tracks; the scan wraps so any drawn index can land on a move.
function moveTarget(
  context: PlanContext,
  start: number,
): { item: EditorItem; tracks: Track[] } | undefined {
  const items = nameableItems(context);
  for (let offset = 0; offset < items.length; offset += 1) {
    const item = items[(start + offset) % items.length];
    if (item === undefined) continue;
    const kind = item.type === "audio" ? "audio" : "visual";
    const tracks = nameableTracks(context, kind).filter(
      (track) =>
        track.id !== item.trackId &&
        isTrackFree(context.state, track, { fromFrame: item.from, endFrame: itemEndFrame(item) }),
    );
    if (tracks.length > 0) return { item, tracks };
  }
  return undefined;
}

/** `move_item_to_track` onto another track of the item's kind that is free over its frames. */
export const moveItemToTrackGenerator: OperationGenerator = {
  applies: (context) => moveTarget(context, 0) !== undefined,
  plans: () =>
    planFrom(fc.record({ index: fc.nat(), trackIndex: fc.nat() }), (drawn, context) => {
      const target = moveTarget(context, drawn.index);
      const track = target === undefined ? undefined : pick(target.tracks, drawn.trackIndex);
      if (target === undefined || track === undefined) return undefined;
      return { type: "move_item_to_track", item_id: target.item.id, track_id: track.id };
    }),
  adds: false,
  needsProviders: false,
};
