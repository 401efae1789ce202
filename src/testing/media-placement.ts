/**
 * Media for the state arbitrary. No edit operation adds a video, an image or a GIF: media
 * enters a project through the media endpoints, which the engine serves with
 * `addMediaItem`. The state arbitrary places media through that same entry point, so its
 * states hold every item type and stay reachable ones.
 *
 * @module
 */
import fc from "fast-check";
import {
  AUDIO_ROLES,
  addMediaItem,
  type EditorState,
  type MediaPlacementFields,
  type MediaToPlace,
} from "../editor/index.js";
import { sourceOffsetSeconds } from "./media-offsets.js";
import {
  durationSecondsArbitrary,
  numberBetween,
  playbackRateArbitrary,
  positionPixelsArbitrary,
  positionSecondsArbitrary,
  sizePixelsArbitrary,
  unitArbitrary,
} from "./values/numbers.js";

const MEDIA_KINDS = ["video", "image", "gif", "audio", "voice"] as const;

/** Drawn media and where to place it. */
export interface MediaStep {
  /** The media, as the service would resolve it. */
  readonly media: MediaToPlace;
  /** The placement fields, in wire names. */
  readonly placement: MediaPlacementFields;
}

/** Media of every kind, of known or unknown length, with any subset of placement fields. */
export function mediaStepArbitrary(timelineSeconds: number): fc.Arbitrary<MediaStep> {
  return fc
    .record({
      kind: fc.constantFrom(...MEDIA_KINDS),
      key: fc.nat({ max: 999 }),
      mediaSeconds: fc.option(numberBetween(0.5, 120), { nil: null }),
      sourceUnit: fc.option(unitArbitrary(), { nil: undefined }),
      placement: fc.record(
        {
          from_seconds: positionSecondsArbitrary(timelineSeconds),
          duration_seconds: durationSecondsArbitrary(timelineSeconds),
          playback_rate: playbackRateArbitrary(),
          audio_role: fc.constantFrom(...AUDIO_ROLES),
          fit: fc.constantFrom("cover", "contain"),
          left: positionPixelsArbitrary(),
          top: positionPixelsArbitrary(),
          width: sizePixelsArbitrary(),
          height: sizePixelsArbitrary(),
        },
        { requiredKeys: [] },
      ),
    })
    .map((drawn): MediaStep => {
      const mediaSeconds = drawn.kind === "image" ? null : drawn.mediaSeconds;
      const offset =
        drawn.sourceUnit === undefined
          ? undefined
          : sourceOffsetSeconds({ unit: drawn.sourceUnit, mediaSeconds, timelineSeconds });
      return {
        media: {
          kind: drawn.kind,
          url: `https://media.example.com/${drawn.kind}-${drawn.key}`,
          name: `${drawn.kind} ${drawn.key}`,
          durationSeconds: mediaSeconds,
          width: drawn.kind === "audio" || drawn.kind === "voice" ? null : 1920,
          height: drawn.kind === "audio" || drawn.kind === "voice" ? null : 1080,
        },
        placement:
          offset === undefined
            ? drawn.placement
            : { ...drawn.placement, source_start_seconds: offset },
      };
    });
}

/** `state` with the step's media placed, or `state` itself when the engine refuses it. */
export function placeMedia(
  state: EditorState,
  step: MediaStep,
  generateId: () => string,
): EditorState {
  const result = addMediaItem(state, step.media, { placement: step.placement, generateId });
  return result.ok ? result.value.state : state;
}
