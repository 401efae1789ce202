/**
 * The project of a faceless video, built from its finished steps: the scene pictures on
 * one track, each as long as the words it narrates, drifting (Ken Burns) and fading into
 * the next; the narration as a `voiceover` audio item; word-highlighted captions from the
 * word times on the front layer; and, when asked for, background music lowered under the
 * voice. Pure: the same parts give the same project.
 *
 * @module
 */

import { groupIntoEntries } from "../../editor/captions.js";
import type { EditorState } from "../../editor/state.js";
import { createEditorState } from "../../editor/state.js";
import { secondsToFrames } from "../../editor/time.js";
import type { NarrationAudio, WordTiming } from "../../ports/product-workflow.js";
import type { GeneratedVisual } from "../../ports/visuals.js";
import { ok } from "../../result.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import type { CaptionStyle, CaptionWord } from "../../schemas/edit-values.js";
import { CAPTION_WORD_MAX_LENGTH, MUSIC_UNDER_VOICE_DB } from "../../schemas/limits.js";
import type { AnimationDirection, EditorAspectRatio } from "../../vocabulary.js";
import { narrationWords } from "./narration-text.js";
import {
  applyBatch,
  type Build,
  fadesThroughBlack,
  placeMedia,
  placeStills,
  spansFrom,
} from "./timeline-build.js";

/** Frame rate of a product's project. */
export const PRODUCT_FPS = 30;

/** Strength of each scene's Ken Burns drift, 0 to 1. */
export const SCENE_MOTION_INTENSITY = 0.4;

/** Fade out of the music at the end of the video, in seconds. */
export const MUSIC_FADE_OUT_SECONDS = 1.5;

/** How a faceless video's captions look: bold white words, the spoken one in yellow. */
export const FACELESS_CAPTION_STYLE: CaptionStyle = Object.freeze({
  color: "#FFFFFF",
  highlight_color: "#FFD60A",
  font_weight: "bold",
  font_size: 72,
  stroke_color: "#000000",
  stroke_width: 6,
  align: "center",
  words_per_caption: 3,
  max_lines: 2,
});

// Scenes drift in turn towards each side, so consecutive scenes move differently.
const DRIFTS: readonly AnimationDirection[] = ["right", "left", "bottom", "top"];

/** What a faceless video's project is built from. */
export interface FacelessParts {
  /** Title of the video. */
  readonly title: string | null;
  /** 9:16 or 16:9. */
  readonly aspectRatio: EditorAspectRatio;
  /** The script, narrated whole. */
  readonly script: string;
  /** Each scene's narration, in order. */
  readonly sceneTexts: readonly string[];
  /** Each scene's picture, in order. */
  readonly visuals: readonly GeneratedVisual[];
  /** The narration. */
  readonly voice: NarrationAudio;
  /** The voice that narrated it. */
  readonly voiceId: string;
  /** Every word of the scenes, timed in the narration. */
  readonly timing: WordTiming;
  /** Background music, if any. */
  readonly musicUrl: string | null;
  /** Names new items, tracks and assets. */
  readonly generateId: () => string;
}

// The first frame of each scene: where its first word starts (the first scene at 0).
function sceneStartFrames(parts: FacelessParts, fps: number): number[] {
  const starts: number[] = [];
  let wordIndex = 0;
  for (const text of parts.sceneTexts) {
    const first = parts.timing.words[wordIndex];
    starts.push(first === undefined ? Number.NaN : secondsToFrames(first.startMs / 1000, fps));
    wordIndex += narrationWords(text).length;
  }
  return starts;
}

function sceneOperations(itemIds: readonly string[]): EditOperation[] {
  const motions: EditOperation[] = itemIds.map((itemId, index) => ({
    type: "set_item_motion",
    item_id: itemId,
    motion: {
      type: "ken_burns",
      direction: DRIFTS[index % DRIFTS.length],
      intensity: SCENE_MOTION_INTENSITY,
    },
  }));
  return [...motions, ...fadesThroughBlack(itemIds)];
}

function captionWords(timing: WordTiming): CaptionWord[] {
  return timing.words.map((word) => ({
    word: word.word.slice(0, CAPTION_WORD_MAX_LENGTH),
    startMs: word.startMs,
    endMs: word.endMs,
  }));
}

function withVoiceAndCaptions(state: EditorState, parts: FacelessParts): Build<EditorState> {
  const { voice, generateId } = parts;
  const voiced = applyBatch(
    state,
    [{ type: "add_voiceover", text: parts.script, voice_id: parts.voiceId, from_seconds: 0 }],
    {
      generateId,
      voiceover: {
        url: voice.url,
        durationSeconds: voice.durationSeconds,
        mediaId: voice.mediaId,
        filename: voice.filename,
      },
    },
  );
  if (!voiced.ok) return voiced;
  const entries = groupIntoEntries(captionWords(parts.timing), FACELESS_CAPTION_STYLE, 0);
  if (entries.length === 0) return ok(voiced.value.state);
  const captioned = applyBatch(
    voiced.value.state,
    [
      {
        type: "add_captions",
        captions: entries,
        from_seconds: 0,
        duration_seconds: voice.durationSeconds,
        style: FACELESS_CAPTION_STYLE,
      },
    ],
    { generateId },
  );
  return captioned.ok ? ok(captioned.value.state) : captioned;
}

function withMusic(state: EditorState, parts: FacelessParts): Build<EditorState> {
  if (parts.musicUrl === null) return ok(state);
  const placed = placeMedia(
    state,
    { kind: "audio", url: parts.musicUrl, name: "Music", durationSeconds: null },
    {
      placement: {
        from_seconds: 0,
        duration_seconds: parts.voice.durationSeconds,
        audio_role: "music",
      },
      generateId: parts.generateId,
    },
  );
  if (!placed.ok) return placed;
  const [musicId] = placed.value.itemIds;
  const lowered = applyBatch(
    placed.value.state,
    [
      {
        type: "set_item_audio",
        item_id: musicId as string,
        volume_db: MUSIC_UNDER_VOICE_DB,
        audio_fade_out_seconds: MUSIC_FADE_OUT_SECONDS,
      },
    ],
    { generateId: parts.generateId },
  );
  return lowered.ok ? ok(lowered.value.state) : lowered;
}

/** Builds the project of a faceless video from its parts. */
export function buildFacelessProject(parts: FacelessParts): Build<EditorState> {
  const { generateId } = parts;
  const base = createEditorState({
    aspect_ratio: parts.aspectRatio,
    fps: PRODUCT_FPS,
    ...(parts.title === null ? {} : { title: parts.title }),
  });
  const totalFrames = secondsToFrames(parts.voice.durationSeconds, PRODUCT_FPS);
  const spans = spansFrom(sceneStartFrames(parts, PRODUCT_FPS), totalFrames);
  const stills = spans.map((span, index) => ({
    visual: parts.visuals[index] as GeneratedVisual,
    span,
    name: `Scene ${index + 1}`,
  }));
  const placed = placeStills(base, stills, generateId);
  if (!placed.ok) return placed;
  const moving = applyBatch(placed.value.state, sceneOperations(placed.value.itemIds), {
    generateId,
  });
  if (!moving.ok) return moving;
  const voiced = withVoiceAndCaptions(moving.value.state, parts);
  return voiced.ok ? withMusic(voiced.value, parts) : voiced;
}
