/**
 * Generators of the operations that change how visual items look and meet:
 * `set_item_transform`, `set_item_animation`, `set_item_motion` and
 * `apply_item_transition`.
 *
 * @module
 */
import fc from "fast-check";
import {
  isVisualItem,
  itemEndFrame,
  secondsToFrames,
  type VisualItem,
} from "../../editor/index.js";
import {
  TRANSITION_OVERLAP_DEFAULT_SECONDS,
  TRANSITION_OVERLAP_MAX_SECONDS,
} from "../../schemas/limits.js";
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

/** An outgoing item and the items that start after it. */
interface TransitionPair {
  outgoing: VisualItem;
  incoming: VisualItem;
}

function transitionPair(
  context: PlanContext,
  outgoingIndex: number,
  incomingIndex: number,
): TransitionPair | undefined {
  const items = visualByStart(context);
  const last = items[items.length - 1];
  if (last === undefined) return undefined;
  // Only items starting before the latest start have an item starting after them.
  const outgoing = pick(
    items.filter((item) => item.from < last.from),
    outgoingIndex,
  );
  if (outgoing === undefined) return undefined;
  const incoming = pick(
    items.filter((item) => item.from > outgoing.from),
    incomingIndex,
  );
  return incoming === undefined ? undefined : { outgoing, incoming };
}

// The engine refuses an overlap that fills the outgoing item or outlasts the incoming
// one; keeping the end of the incoming item needs it to end after the outgoing one.
function largestOverlapFrames(pair: TransitionPair, preserveEnd: boolean, fps: number): number {
  const { outgoing, incoming } = pair;
  const byItems = preserveEnd
    ? outgoing.durationInFrames - 1
    : Math.min(outgoing.durationInFrames, incoming.durationInFrames) - 1;
  return Math.min(byItems, Math.floor(TRANSITION_OVERLAP_MAX_SECONDS * fps));
}

/**
 * `apply_item_transition` between two visual items, the incoming one starting later,
 * with an overlap the engine accepts; the default overlap only when it fits.
 */
export const applyItemTransitionGenerator: OperationGenerator = {
  applies: (context) => transitionPair(context, 0, 0) !== undefined,
  plans: () =>
    planFrom(
      fc.record({
        outgoingIndex: fc.nat(),
        incomingIndex: fc.nat(),
        overlapUnit: unitArbitrary(),
        defaultOverlap: fc.boolean(),
        preserveEnd: fc.boolean(),
        enter: fc.option(animationOrNullArbitrary(), { nil: undefined }),
        exit: fc.option(animationOrNullArbitrary(), { nil: undefined }),
      }),
      (drawn, context) => {
        const pair = transitionPair(context, drawn.outgoingIndex, drawn.incomingIndex);
        if (pair === undefined) return undefined;
        const fps = context.state.fps;
        const preserveEnd =
          drawn.preserveEnd && itemEndFrame(pair.incoming) > itemEndFrame(pair.outgoing);
        const largest = largestOverlapFrames(pair, preserveEnd, fps);
        const defaultFrames = secondsToFrames(TRANSITION_OVERLAP_DEFAULT_SECONDS, fps);
        const overlapFrames = Math.floor(drawn.overlapUnit * (largest + 1));
        return {
          type: "apply_item_transition",
          from_item_id: pair.outgoing.id,
          to_item_id: pair.incoming.id,
          ...(drawn.defaultOverlap && defaultFrames <= largest
            ? {}
            : {
                overlap_seconds: Math.min(
                  frameSeconds(overlapFrames, fps),
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
