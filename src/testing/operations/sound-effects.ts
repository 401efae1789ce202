/**
 * The generator of `add_sound_effect`, from a direct URL or, with provider results, from
 * the sound library or My Media.
 *
 * @module
 */
import fc from "fast-check";
import { secondsSpanToFrames } from "../../editor/index.js";
import type { AddSoundEffectOperation } from "../../schemas/edit-operations.js";
import { MEDIA_NAME_MAX_LENGTH, SOUND_EFFECT_ID_MAX_LENGTH } from "../../schemas/limits.js";
import { mediaFrameSeconds, playableMediaSeconds, sourceOffsetSeconds } from "../media-offsets.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { freeTrackId } from "../state-view.js";
import {
  durationSecondsArbitrary,
  numberBetween,
  positionSecondsArbitrary,
  unitArbitrary,
} from "../values/numbers.js";
import { shortTextArbitrary } from "../values/text.js";
import { levelsArbitrary } from "./audio-levels.js";

/** Where a sound effect comes from: a direct URL, or a reference a provider resolves. */
const SOUND_SOURCES = ["url", "sound_effect_id", "media_id", "probed_url"] as const;

function soundEffectDraw(timelineSeconds: number) {
  return fc.record({
    source: fc.constantFrom(...SOUND_SOURCES),
    key: fc.nat({ max: 20 }),
    mediaId: fc.uuid(),
    mediaSeconds: numberBetween(0.1, 60),
    fromSeconds: fc.option(positionSecondsArbitrary(timelineSeconds), { nil: undefined }),
    durationSeconds: fc.option(durationSecondsArbitrary(timelineSeconds), { nil: undefined }),
    // Sent when the length of the media is unknown and the draw left the length out.
    requiredDurationSeconds: durationSecondsArbitrary(timelineSeconds),
    sourceUnit: fc.option(unitArbitrary(), { nil: undefined }),
    name: fc.option(shortTextArbitrary(MEDIA_NAME_MAX_LENGTH), { nil: undefined }),
    levels: fc.option(levelsArbitrary(), { nil: undefined }),
    trackIndex: fc.option(fc.nat(), { nil: undefined }),
  });
}

type SoundEffectDraw =
  ReturnType<typeof soundEffectDraw> extends fc.Arbitrary<infer Drawn> ? Drawn : never;

// The reference the operation sends and the length of its media (null when unknown):
// without provider results only a direct URL of unknown length is possible.
function soundReference(
  context: PlanContext,
  drawn: SoundEffectDraw,
): {
  fields: Pick<AddSoundEffectOperation, "url" | "sound_effect_id" | "media_id">;
  mediaSeconds: number | null;
} {
  const url = `https://sfx.example.com/${drawn.key}.mp3`;
  const results = context.results;
  if (results === undefined || drawn.source === "url") {
    return { fields: { url }, mediaSeconds: null };
  }
  // Long enough for a frame or two at the project's rate, as every real sound is.
  const durationSeconds = playableMediaSeconds(drawn.mediaSeconds, context.state.fps);
  const proposed = { url, durationSeconds, name: `Sound ${drawn.key}` };
  if (drawn.source === "sound_effect_id") {
    const id = `sfx-${drawn.key}`.slice(0, SOUND_EFFECT_ID_MAX_LENGTH);
    const media = results.resolve("soundEffects", id, proposed);
    return { fields: { sound_effect_id: id }, mediaSeconds: media.durationSeconds };
  }
  if (drawn.source === "media_id") {
    const media = results.resolve("mediaItems", drawn.mediaId, proposed);
    return { fields: { media_id: drawn.mediaId }, mediaSeconds: media.durationSeconds };
  }
  const media = results.resolve("urls", url, proposed);
  return { fields: { url }, mediaSeconds: media.durationSeconds };
}

/**
 * `add_sound_effect`. Without provider results it sends a direct URL and a length (the
 * engine cannot know the length of an unprobed URL); with them it also sends library
 * and My Media references, resolved in the results, and may leave the length out.
 */
export const addSoundEffectGenerator: OperationGenerator = {
  applies: () => true,
  plans: (settings) =>
    planFrom(soundEffectDraw(settings.timelineSeconds), (drawn, context) => {
      const { fields, mediaSeconds } = soundReference(context, drawn);
      const fps = context.state.fps;
      const offset =
        drawn.sourceUnit === undefined
          ? undefined
          : sourceOffsetSeconds({
              unit: drawn.sourceUnit,
              mediaSeconds,
              timelineSeconds: settings.timelineSeconds,
              leaveSeconds: mediaFrameSeconds(fps, 1),
            });
      const durationSeconds =
        drawn.durationSeconds ??
        (mediaSeconds === null ? drawn.requiredDurationSeconds : undefined);
      const lengthSeconds = durationSeconds ?? (mediaSeconds ?? 0) - (offset ?? 0);
      const span = secondsSpanToFrames(drawn.fromSeconds ?? 0, lengthSeconds, fps);
      const fromFrame = span.from;
      const endFrame = fromFrame + span.durationInFrames;
      const trackId =
        drawn.trackIndex === undefined
          ? undefined
          : freeTrackId(context, {
              kind: "audio",
              fromFrame,
              endFrame,
              trackIndex: drawn.trackIndex,
            });
      return {
        type: "add_sound_effect",
        ...fields,
        ...(drawn.name === undefined ? {} : { name: drawn.name }),
        ...(drawn.fromSeconds === undefined ? {} : { from_seconds: drawn.fromSeconds }),
        ...(durationSeconds === undefined ? {} : { duration_seconds: durationSeconds }),
        ...(offset === undefined ? {} : { source_start_seconds: offset }),
        ...drawn.levels,
        ...(trackId === undefined ? {} : { track_id: trackId }),
      };
    }),
  adds: true,
  needsProviders: false,
};
