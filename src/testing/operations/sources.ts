/**
 * The generator of `set_item_source`: trims and playback rates of video, GIF and audio
 * items.
 *
 * @module
 */
import fc from "fast-check";
import { isSourceTimedItem, type SourceTimedItem } from "../../editor/index.js";
import type { SetItemSourceOperation } from "../../schemas/edit-operations.js";
import {
  boundMediaOf,
  mediaFrameSeconds,
  rateWithinMedia,
  sourceOffsetSeconds,
} from "../media-offsets.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { assetOf, nameableItems, pick } from "../state-view.js";
import { playbackRateArbitrary, unitArbitrary } from "../values/numbers.js";

type SourceFields = Pick<SetItemSourceOperation, "source_start_seconds" | "playback_rate">;

interface SourceDraw {
  fields: "source" | "rate" | "both";
  unit: number;
  rate: number;
}

// For a video or audio item of known length: an offset that leaves a frame at the rate it
// will play, and a rate the media left can hold a frame at. The engine then shortens the
// item to the media left, never refusing it.
function boundSource(
  context: PlanContext,
  item: SourceTimedItem,
  { drawn, timelineSeconds }: { drawn: SourceDraw; timelineSeconds: number },
): SourceFields | undefined {
  const media = boundMediaOf(context.state, item);
  if (media === undefined) return undefined;
  const fps = context.state.fps;
  if (drawn.fields === "rate") {
    const rate = rateWithinMedia(media, {
      sourceStartSeconds: media.sourceStartSeconds,
      playbackRate: drawn.rate,
      fps,
    });
    if (rate !== undefined) return { playback_rate: rate };
    const fromStart = rateWithinMedia(media, {
      sourceStartSeconds: 0,
      playbackRate: drawn.rate,
      fps,
    });
    return { source_start_seconds: 0, playback_rate: fromStart };
  }
  const wanted = drawn.fields === "source" ? media.playbackRate : drawn.rate;
  const rate =
    rateWithinMedia(media, { sourceStartSeconds: 0, playbackRate: wanted, fps }) ?? wanted;
  const offset =
    sourceOffsetSeconds({
      unit: drawn.unit,
      mediaSeconds: media.mediaSeconds,
      timelineSeconds,
      leaveSeconds: mediaFrameSeconds(fps, rate),
    }) ?? 0;
  if (drawn.fields === "source" && rate === media.playbackRate) {
    return { source_start_seconds: offset };
  }
  return { source_start_seconds: offset, playback_rate: rate };
}

/**
 * `set_item_source` on a video, GIF or audio item: the offset inside its media, and for
 * video and audio of known length an offset and a rate that leave it a frame of media.
 */
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
        const bound = boundSource(context, item, {
          drawn,
          timelineSeconds: settings.timelineSeconds,
        });
        if (bound !== undefined) {
          return { type: "set_item_source", item_id: item.id, ...withoutUndefined(bound) };
        }
        const mediaSeconds = assetOf(context.state, item)?.durationSeconds ?? null;
        const offset = sourceOffsetSeconds({
          unit: drawn.unit,
          mediaSeconds,
          timelineSeconds: settings.timelineSeconds,
        });
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

function withoutUndefined(fields: SourceFields): SourceFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as SourceFields;
}
