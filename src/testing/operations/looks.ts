/**
 * Generators of the operations that change how visual items look and meet:
 * `set_item_transform`, `set_item_animation`, `set_item_motion` and
 * `apply_item_transition`.
 *
 * @module
 */
import fc from "fast-check";
import {
  type EditorState,
  isSourceTimedItem,
  isVisualItem,
  itemEndFrame,
  secondsToFrames,
  type VisualItem,
} from "../../editor/index.js";
import {
  TIMELINE_DURATION_MAX_SECONDS,
  TRANSITION_OVERLAP_DEFAULT_SECONDS,
  TRANSITION_OVERLAP_MAX_SECONDS,
} from "../../schemas/limits.js";
import { sourceRoom } from "../linked-captions.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { frameSeconds, nameableItems, pick } from "../state-view.js";
import {
  opacityArbitrary,
  positionPixelsArbitrary,
  sizePixelsArbitrary,
  unitArbitrary,
} from "../values/numbers.js";
import { animationOrNullArbitrary, motionArbitrary } from "../values/styles.js";

function hasVisualItems(context: PlanContext): boolean {
  return nameableItems(context, isVisualItem).length > 0;
}

/** `set_item_transform` on a visual item; at least one field, as the wire requires. */
export const setItemTransformGenerator: OperationGenerator = {
  applies: hasVisualItems,
  plans: () =>
    planFrom(
      fc.record({
        index: fc.nat(),
        changes: fc.record(
          {
            left: positionPixelsArbitrary(),
            top: positionPixelsArbitrary(),
            width: sizePixelsArbitrary(),
            height: sizePixelsArbitrary(),
            opacity: opacityArbitrary(),
          },
          { requiredKeys: [] },
        ),
        opacity: opacityArbitrary(),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isVisualItem), drawn.index);
        if (item === undefined) return undefined;
        // An empty change set is drawn often; it becomes an opacity change, not a refusal.
        const changes =
          Object.keys(drawn.changes).length > 0 ? drawn.changes : { opacity: drawn.opacity };
        return { type: "set_item_transform", item_id: item.id, ...changes };
      },
    ),
  adds: false,
  needsProviders: false,
};

/** `set_item_animation` on a visual item: enter, exit or both, each set or cleared. */
export const setItemAnimationGenerator: OperationGenerator = {
  applies: hasVisualItems,
  plans: () =>
    planFrom(
      fc.record({
        index: fc.nat(),
        sides: fc.constantFrom("enter", "exit", "both"),
        enter: animationOrNullArbitrary(),
        exit: animationOrNullArbitrary(),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isVisualItem), drawn.index);
        if (item === undefined) return undefined;
        return {
          type: "set_item_animation",
          item_id: item.id,
          ...(drawn.sides === "exit" ? {} : { enter: drawn.enter }),
          ...(drawn.sides === "enter" ? {} : { exit: drawn.exit }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};

/** `set_item_motion` on a visual item. */
export const setItemMotionGenerator: OperationGenerator = {
  applies: hasVisualItems,
  plans: (settings) =>
    planFrom(
      fc.record({ index: fc.nat(), motion: motionArbitrary(settings.timelineSeconds) }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isVisualItem), drawn.index);
        if (item === undefined) return undefined;
        return { type: "set_item_motion", item_id: item.id, motion: drawn.motion };
      },
    ),
  adds: false,
  needsProviders: false,
};

// Visual items by start, so "starts after" is a suffix of the list.
function visualByStart(context: PlanContext): VisualItem[] {
  return nameableItems(context, isVisualItem).sort(
    (left, right) => left.from - right.from || (left.id < right.id ? -1 : 1),
  );
}

/** An outgoing item and an incoming item that starts after it. */
interface TransitionPair {
  outgoing: VisualItem;
  incoming: VisualItem;
}

/** The overlaps, in frames, the engine accepts for a pair: an inclusive range. */
interface OverlapRange {
  fewest: number;
  most: number;
}

// Overlaps the engine accepts: shorter than the outgoing item, not less than the overlap
// the incoming item already has (it never moves later), and shorter than the incoming
// item. Keeping the incoming end also needs the media before its offset (the handle) and
// a length within the 3,600 s limit; undefined when no overlap fits.
function overlapRange(
  pair: TransitionPair,
  preserveEnd: boolean,
  state: EditorState,
): OverlapRange | undefined {
  const { outgoing, incoming } = pair;
  const fps = state.fps;
  const outgoingEnd = itemEndFrame(outgoing);
  const fewest = Math.max(0, outgoingEnd - incoming.from);
  // A source of generated captions moves at most as early as its captions allow.
  const earliestFrom = sourceRoom(state, incoming).earliestFrom;
  let most = Math.min(
    outgoing.durationInFrames - 1,
    Math.floor(TRANSITION_OVERLAP_MAX_SECONDS * fps),
    outgoingEnd - earliestFrom,
  );
  if (preserveEnd) {
    if (itemEndFrame(incoming) <= outgoingEnd) return undefined;
    const handleFrames = isSourceTimedItem(incoming)
      ? Math.floor((incoming.sourceStartSeconds / incoming.playbackRate) * fps)
      : Number.POSITIVE_INFINITY;
    most = Math.min(
      most,
      handleFrames + outgoingEnd - incoming.from,
      TIMELINE_DURATION_MAX_SECONDS * fps - itemEndFrame(incoming) + outgoingEnd,
    );
  } else {
    most = Math.min(most, incoming.durationInFrames - 1);
  }
  return fewest <= most ? { fewest, most } : undefined;
}

// Every pair with an overlap the engine accepts without keeping the incoming end.
function transitionPairs(context: PlanContext): TransitionPair[] {
  const items = visualByStart(context);
  const pairs: TransitionPair[] = [];
  for (const [index, outgoing] of items.entries()) {
    for (const incoming of items.slice(index + 1)) {
      if (incoming.from <= outgoing.from) continue;
      const pair = { outgoing, incoming };
      if (overlapRange(pair, false, context.state) !== undefined) pairs.push(pair);
    }
  }
  return pairs;
}

/**
 * `apply_item_transition` between two visual items, the incoming one starting later,
 * with an overlap the engine accepts: never one that would move the incoming item later,
 * and when it keeps its end, one its media has a handle for. The default overlap only
 * when it fits.
 */
export const applyItemTransitionGenerator: OperationGenerator = {
  applies: (context) => transitionPairs(context).length > 0,
  plans: () =>
    planFrom(
      fc.record({
        pairIndex: fc.nat(),
        overlapUnit: unitArbitrary(),
        defaultOverlap: fc.boolean(),
        preserveEnd: fc.boolean(),
        enter: fc.option(animationOrNullArbitrary(), { nil: undefined }),
        exit: fc.option(animationOrNullArbitrary(), { nil: undefined }),
      }),
      (drawn, context) => {
        const pair = pick(transitionPairs(context), drawn.pairIndex);
        if (pair === undefined) return undefined;
        const fps = context.state.fps;
        const kept = drawn.preserveEnd ? overlapRange(pair, true, context.state) : undefined;
        const preserveEnd = kept !== undefined;
        const range = kept ?? overlapRange(pair, false, context.state);
        if (range === undefined) return undefined;
        const defaultFrames = secondsToFrames(TRANSITION_OVERLAP_DEFAULT_SECONDS, fps);
        const useDefault =
          drawn.defaultOverlap && defaultFrames >= range.fewest && defaultFrames <= range.most;
        const overlapFrames =
          range.fewest + Math.floor(drawn.overlapUnit * (range.most - range.fewest + 1));
        return {
          type: "apply_item_transition",
          from_item_id: pair.outgoing.id,
          to_item_id: pair.incoming.id,
          ...(useDefault
            ? {}
            : {
                overlap_seconds: Math.min(
                  frameSeconds(Math.min(overlapFrames, range.most), fps),
                  TRANSITION_OVERLAP_MAX_SECONDS,
                ),
              }),
          ...(drawn.preserveEnd ? { preserve_to_item_end: preserveEnd } : {}),
          ...(drawn.enter === undefined ? {} : { enter: drawn.enter }),
          ...(drawn.exit === undefined ? {} : { exit: drawn.exit }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};
