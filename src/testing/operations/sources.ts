/**
 * The generator of `set_item_source`: trims and playback rates of video, GIF and audio
 * items.
 *
 * @module
 */
import fc from "fast-check";
import { isSourceTimedItem } from "../../editor/index.js";
import { sourceOffsetSeconds } from "../media-offsets.js";
import { type OperationGenerator, planFrom } from "../plans.js";
import { assetOf, nameableItems, pick } from "../state-view.js";
import { playbackRateArbitrary, unitArbitrary } from "../values/numbers.js";

/** `set_item_source` on a video, GIF or audio item, the offset inside its media. */
export const setItemSourceGenerator: OperationGenerator = {
  applies: (context) => nameableItems(context, isSourceTimedItem).length > 0,
  plans: (settings) =>
    planFrom(
      fc.record({
        index: fc.nat(),
        fields: fc.constantFrom("source", "rate", "both"),
        unit: unitArbitrary(),
        rate: playbackRateArbitrary(),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isSourceTimedItem), drawn.index);
        if (item === undefined) return undefined;
        const mediaSeconds = assetOf(context.state, item)?.durationSeconds ?? null;
        const offset = sourceOffsetSeconds(drawn.unit, mediaSeconds, settings.timelineSeconds);
        const withOffset = drawn.fields !== "rate" && offset !== undefined;
        return {
          type: "set_item_source",
          item_id: item.id,
          ...(withOffset ? { source_start_seconds: offset } : {}),
          ...(withOffset && drawn.fields === "source" ? {} : { playback_rate: drawn.rate }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};
