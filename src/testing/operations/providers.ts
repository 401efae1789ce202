/**
 * Generators of the two operations that need the outside world:
 * `generate_captions_from_items` (transcripts) and `add_voiceover` (synthesized speech).
 * They are drawn only when the caller asks for provider results, and each records the
 * answers a provider would have given, so the batch applies.
 *
 * @module
 */
import fc from "fast-check";
import {
  type CaptionsItem,
  type EditorItem,
  framesToSeconds,
  isSoundItem,
  type SoundItem,
  secondsSpanToFrames,
  type Transcript,
} from "../../editor/index.js";
import {
  CAPTION_SOURCE_ITEMS_MAX,
  MEDIA_NAME_MAX_LENGTH,
  VOICE_SETTING_MAX,
  VOICE_SETTING_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
} from "../../schemas/limits.js";
import { fitsOneCaptionsSpan } from "../linked-captions.js";
import { mediaFrameSeconds, playableMediaSeconds, sourceOffsetSeconds } from "../media-offsets.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { assetOf, freeTrackId, nameableItems, pick } from "../state-view.js";
import {
  audioFadeSecondsArbitrary,
  durationSecondsArbitrary,
  numberBetween,
  positionSecondsArbitrary,
  unitArbitrary,
  volumeDbArbitrary,
} from "../values/numbers.js";
import { captionStyleArbitrary } from "../values/styles.js";
import { SAMPLE_WORDS, scriptArbitrary, shortTextArbitrary } from "../values/text.js";

const REMOTE_URL = /^https?:\/\//i;
// Short scripts keep runs fast; the spoken-word limit (465) has tests of its own.
const SCRIPT_WORDS_MAX = 40;

// What the engine transcribes: video and audio items with remote media.
function isTranscribable(context: PlanContext) {
  return (item: EditorItem): item is SoundItem =>
    isSoundItem(item) && REMOTE_URL.test(assetOf(context.state, item)?.url ?? "");
}

function isCaptions(item: EditorItem): item is CaptionsItem {
  return item.type === "captions";
}

// Words spread over the part of the source the timeline plays, so at least one survives
// the engine's trimming to the item's placement, trim, rate and length.
function transcriptFor(item: SoundItem, fps: number, words: readonly string[]): Transcript {
  const startMs = item.sourceStartSeconds * 1000;
  const playedMs = framesToSeconds(item.durationInFrames, fps) * 1000 * item.playbackRate;
  const slotMs = playedMs / words.length;
  return {
    words: words.map((word, index) => ({
      word,
      startMs: startMs + index * slotMs,
      endMs: startMs + (index + 0.5) * slotMs,
      confidence: 0.9,
    })),
    language: "en",
  };
}

// Whether any word lies in the part of the source the timeline plays, as the engine
// trims it (spec 4.14 rule 7).
function playsAnyWord(item: SoundItem, fps: number, transcript: Transcript): boolean {
  const startMs = item.sourceStartSeconds * 1000;
  const endMs = startMs + framesToSeconds(item.durationInFrames, fps) * 1000 * item.playbackRate;
  return transcript.words.some(
    (word) => word.word.trim() !== "" && word.endMs > startMs && word.startMs < endMs,
  );
}

/**
 * `generate_captions_from_items` over video and audio items with remote media lying
 * within 3,600 s of one another, creating captions or replacing an existing captions
 * item; records a transcript per source.
 */
export const generateCaptionsGenerator: OperationGenerator = {
  applies: (context) =>
    context.results !== undefined && nameableItems(context, isTranscribable(context)).length > 0,
  plans: (settings) =>
    planFrom(
      fc.record({
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        captionsIndex: fc.option(fc.nat(), { nil: undefined }),
        language: fc.option(fc.constantFrom("en", "pt-BR", "ar"), { nil: undefined }),
        style: fc.option(captionStyleArbitrary(settings.timelineSeconds), { nil: undefined }),
        words: fc.array(fc.constantFrom(...SAMPLE_WORDS), { minLength: 1, maxLength: 8 }),
      }),
      (drawn, context) => {
        const results = context.results;
        const sources = nameableItems(context, isTranscribable(context));
        if (results === undefined || sources.length === 0) return undefined;
        const fps = context.state.fps;
        // A source transcribed earlier in the batch keeps its transcript; if the item has
        // since moved off the words it holds, it would add nothing, so it is left out.
        const chosen: SoundItem[] = [];
        for (const item of new Set(drawn.picks.map((index) => pick(sources, index)))) {
          if (item === undefined || chosen.length >= CAPTION_SOURCE_ITEMS_MAX) continue;
          // Captions last at most 3,600 s, so their sources must lie that close together.
          if (!fitsOneCaptionsSpan(context.state, [...chosen, item])) continue;
          const transcript = results.transcript(item.id, () =>
            transcriptFor(item, fps, drawn.words),
          );
          if (playsAnyWord(item, fps, transcript)) chosen.push(item);
        }
        const target =
          drawn.captionsIndex === undefined
            ? undefined
            : pick(nameableItems(context, isCaptions), drawn.captionsIndex);
        const [first, ...rest] = chosen.map((item) => item.id);
        if (first === undefined) return undefined;
        return {
          type: "generate_captions_from_items",
          source_item_ids: [first, ...rest],
          ...(target === undefined ? {} : { captions_item_id: target.id }),
          ...(drawn.language === undefined ? {} : { language: drawn.language }),
          ...(drawn.style === undefined ? {} : { style: drawn.style }),
        };
      },
    ),
  // It adds at most one captions item and often replaces one, so it is not favoured.
  adds: false,
  needsProviders: true,
};

function voiceSettingsArbitrary() {
  return fc.record(
    {
      stability: numberBetween(VOICE_SETTING_MIN, VOICE_SETTING_MAX),
      similarity_boost: numberBetween(VOICE_SETTING_MIN, VOICE_SETTING_MAX),
      style: numberBetween(VOICE_SETTING_MIN, VOICE_SETTING_MAX),
      use_speaker_boost: fc.boolean(),
      speed: numberBetween(VOICE_SPEED_MIN, VOICE_SPEED_MAX),
    },
    { requiredKeys: [] },
  );
}

function voiceoverDraw(timelineSeconds: number) {
  return fc.record({
    text: scriptArbitrary(SCRIPT_WORDS_MAX),
    details: fc.record(
      {
        voice_id: fc.constantFrom("ash", "nova", "voice-42"),
        voice_name: shortTextArbitrary(MEDIA_NAME_MAX_LENGTH),
        instructions: fc.constantFrom("calm, warm, slightly slow", "excited"),
        filename: fc.constantFrom("voiceover.mp3", "take-2.mp3"),
        from_seconds: positionSecondsArbitrary(timelineSeconds),
        duration_seconds: durationSecondsArbitrary(timelineSeconds),
        volume_db: volumeDbArbitrary(),
        audio_fade_in_seconds: audioFadeSecondsArbitrary(),
        audio_fade_out_seconds: audioFadeSecondsArbitrary(),
        voice_settings: voiceSettingsArbitrary(),
      },
      { requiredKeys: [] },
    ),
    speechSeconds: numberBetween(0.5, 120),
    sourceUnit: fc.option(unitArbitrary(), { nil: undefined }),
    trackIndex: fc.option(fc.nat(), { nil: undefined }),
    key: fc.nat({ max: 999 }),
  });
}

/**
 * `add_voiceover` with a script within the spoken-word limit; records the synthesized
 * speech. The engine accepts it only as the only operation of its batch, which
 * `editBatchWithProvidersArbitrary` respects.
 */
export const addVoiceoverGenerator: OperationGenerator = {
  applies: (context) => context.results !== undefined,
  plans: (settings) =>
    planFrom(voiceoverDraw(settings.timelineSeconds), (drawn, context) => {
      const results = context.results;
      if (results === undefined) return undefined;
      const fps = context.state.fps;
      const speech = {
        url: `https://voice.example.com/${drawn.key}.mp3`,
        durationSeconds: playableMediaSeconds(drawn.speechSeconds, fps),
        mediaId: null,
        filename: `voiceover-${drawn.key}.mp3`,
      };
      results.setVoiceover(speech);
      const offset =
        drawn.sourceUnit === undefined
          ? undefined
          : sourceOffsetSeconds({
              unit: drawn.sourceUnit,
              mediaSeconds: speech.durationSeconds,
              timelineSeconds: settings.timelineSeconds,
              leaveSeconds: mediaFrameSeconds(fps, 1),
            });
      const lengthSeconds =
        drawn.details.duration_seconds ?? speech.durationSeconds - (offset ?? 0);
      const span = secondsSpanToFrames(drawn.details.from_seconds ?? 0, lengthSeconds, fps);
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
        type: "add_voiceover",
        text: drawn.text,
        ...drawn.details,
        ...(offset === undefined ? {} : { source_start_seconds: offset }),
        ...(trackId === undefined ? {} : { track_id: trackId }),
      };
    }),
  adds: true,
  needsProviders: true,
};
