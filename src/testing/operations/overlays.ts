/**
 * Generators of the operations that add and change overlays: `add_solid`, `add_text`,
 * `update_text`, `add_captions` and `update_captions`.
 *
 * @module
 */
import fc from "fast-check";
import {
  type CaptionsItem,
  type EditorItem,
  secondsSpanToFrames,
  type TextItem,
} from "../../editor/index.js";
import { ADDED_ITEM_DURATION_DEFAULT_SECONDS } from "../../schemas/limits.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { freeTrackId, nameableItems, pick } from "../state-view.js";
import { captionEntriesArbitrary } from "../values/captions.js";
import {
  durationSecondsArbitrary,
  positionPixelsArbitrary,
  positionSecondsArbitrary,
  sizePixelsArbitrary,
} from "../values/numbers.js";
import {
  captionStyleArbitrary,
  solidStyleArbitrary,
  textStyleArbitrary,
} from "../values/styles.js";
import { overlayTextArbitrary } from "../values/text.js";

function placementArbitrary(timelineSeconds: number) {
  return fc.record(
    {
      from_seconds: positionSecondsArbitrary(timelineSeconds),
      duration_seconds: durationSecondsArbitrary(timelineSeconds),
      left: positionPixelsArbitrary(),
      top: positionPixelsArbitrary(),
      width: sizePixelsArbitrary(),
      height: sizePixelsArbitrary(),
    },
    { requiredKeys: [] },
  );
}

type Placement =
  ReturnType<typeof placementArbitrary> extends fc.Arbitrary<infer Drawn> ? Drawn : never;

// An explicit track only when a nameable visual track is free over the new item's
// frames: the engine refuses an occupied or audio track (`track_occupied`,
// `track_incompatible`), and choosing one is what the explicit field is for.
function explicitTrack(
  context: PlanContext,
  {
    placement,
    defaultSeconds,
    trackIndex,
  }: { placement: Placement; defaultSeconds: number; trackIndex: number | undefined },
): { track_id?: string } {
  if (trackIndex === undefined) return {};
  const fps = context.state.fps;
  const span = secondsSpanToFrames(
    placement.from_seconds ?? 0,
    placement.duration_seconds ?? defaultSeconds,
    fps,
  );
  const endFrame = span.from + span.durationInFrames;
  const trackId = freeTrackId(context, {
    kind: "visual",
    fromFrame: span.from,
    endFrame,
    trackIndex,
  });
  return trackId === undefined ? {} : { track_id: trackId };
}

/** `add_solid` with any subset of its fields. Never rejected. */
export const addSolidGenerator: OperationGenerator = {
  applies: () => true,
  plans: (settings) =>
    planFrom(
      fc.record({
        placement: placementArbitrary(settings.timelineSeconds),
        style: fc.option(solidStyleArbitrary(), { nil: undefined }),
      }),
      (drawn) => ({
        type: "add_solid",
        ...drawn.placement,
        ...(drawn.style === undefined ? {} : { style: drawn.style }),
      }),
    ),
  adds: true,
  needsProviders: false,
};

/** `add_text`, on a free visual track when it names one. */
export const addTextGenerator: OperationGenerator = {
  applies: () => true,
  plans: (settings) =>
    planFrom(
      fc.record({
        text: overlayTextArbitrary(),
        placement: placementArbitrary(settings.timelineSeconds),
        style: fc.option(textStyleArbitrary(), { nil: undefined }),
        trackIndex: fc.option(fc.nat(), { nil: undefined }),
      }),
      (drawn, context) => ({
        type: "add_text",
        text: drawn.text,
        ...drawn.placement,
        ...(drawn.style === undefined ? {} : { style: drawn.style }),
        ...explicitTrack(context, {
          placement: drawn.placement,
          defaultSeconds: ADDED_ITEM_DURATION_DEFAULT_SECONDS,
          trackIndex: drawn.trackIndex,
        }),
      }),
    ),
  adds: true,
  needsProviders: false,
};

function isText(item: EditorItem): item is TextItem {
  return item.type === "text";
}

function isCaptions(item: EditorItem): item is CaptionsItem {
  return item.type === "captions";
}

/** `update_text` on a text item: new text, style fields, or both. */
export const updateTextGenerator: OperationGenerator = {
  applies: (context) => nameableItems(context, isText).length > 0,
  plans: () =>
    planFrom(
      fc.record({
        index: fc.nat(),
        fields: fc.constantFrom("text", "style", "both"),
        text: overlayTextArbitrary(),
        style: textStyleArbitrary(),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isText), drawn.index);
        if (item === undefined) return undefined;
        return {
          type: "update_text",
          item_id: item.id,
          ...(drawn.fields === "style" ? {} : { text: drawn.text }),
          ...(drawn.fields === "text" ? {} : { style: drawn.style }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};

/** `add_captions` from ordered entries, on a free visual track when it names one. */
export const addCaptionsGenerator: OperationGenerator = {
  applies: () => true,
  plans: (settings) =>
    planFrom(
      fc.record({
        captions: captionEntriesArbitrary(settings.maxCaptionEntries),
        placement: placementArbitrary(settings.timelineSeconds),
        style: fc.option(captionStyleArbitrary(settings.timelineSeconds), { nil: undefined }),
        trackIndex: fc.option(fc.nat(), { nil: undefined }),
      }),
      (drawn, context) => {
        // Without a length the item runs until its last entry ends on the captions' own
        // clock (spec 4.14 rule 4); a free track must be free over exactly those frames.
        const lastEndSeconds = Math.max(...drawn.captions.map((entry) => entry.endMs)) / 1000;
        const clockSeconds = lastEndSeconds - (drawn.style?.caption_start_seconds ?? 0);
        const lengthSeconds = Math.max(0, clockSeconds) / (drawn.style?.playback_rate ?? 1);
        return {
          type: "add_captions",
          captions: drawn.captions,
          ...drawn.placement,
          ...(drawn.style === undefined ? {} : { style: drawn.style }),
          ...explicitTrack(context, {
            placement: drawn.placement,
            defaultSeconds: lengthSeconds,
            trackIndex: drawn.trackIndex,
          }),
        };
      },
    ),
  adds: true,
  needsProviders: false,
};

/** `update_captions` on a captions item: new entries, style fields, or both. */
export const updateCaptionsGenerator: OperationGenerator = {
  applies: (context) => nameableItems(context, isCaptions).length > 0,
  plans: (settings) =>
    planFrom(
      fc.record({
        index: fc.nat(),
        fields: fc.constantFrom("captions", "style", "both"),
        captions: captionEntriesArbitrary(settings.maxCaptionEntries),
        style: captionStyleArbitrary(settings.timelineSeconds),
      }),
      (drawn, context) => {
        const item = pick(nameableItems(context, isCaptions), drawn.index);
        if (item === undefined) return undefined;
        return {
          type: "update_captions",
          item_id: item.id,
          ...(drawn.fields === "style" ? {} : { captions: drawn.captions }),
          ...(drawn.fields === "captions" ? {} : { style: drawn.style }),
        };
      },
    ),
  adds: false,
  needsProviders: false,
};
