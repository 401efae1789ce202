import { describe, expect, test } from "vitest";
import type { EditOperation, EditOperationType } from "../../src/schemas/edit-operations.js";
import {
  ANIMATION_DURATION_MAX_SECONDS,
  ANIMATION_DURATION_MIN_SECONDS,
  AUDIO_FADE_MAX_SECONDS,
  AUDIO_FADE_MIN_SECONDS,
  AUDIO_LEVEL_ITEM_IDS_MAX,
  AUDIO_LEVEL_ITEM_TYPES_MAX,
  AUDIO_LEVEL_ROLES_MAX,
  CAPTION_MAX_LINES_MAX,
  CAPTION_MAX_LINES_MIN,
  CAPTION_PAGE_DURATION_MAX_MS,
  CAPTION_PAGE_DURATION_MIN_MS,
  CAPTION_SOURCE_ITEMS_MAX,
  CAPTION_SOURCE_ITEMS_MIN,
  CAPTION_TEXT_MAX_LENGTH,
  CAPTION_TIME_MAX_MS,
  CAPTION_WORD_MAX_LENGTH,
  CAPTION_WORDS_MAX,
  CAPTIONS_PER_OPERATION_MAX,
  CAPTIONS_PER_OPERATION_MIN,
  COLOR_MAX_LENGTH,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ITEM_ID_MAX_LENGTH,
  LANGUAGE_MAX_LENGTH,
  LETTER_SPACING_MAX,
  LETTER_SPACING_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  MEDIA_NAME_MAX_LENGTH,
  MOTION_INTENSITY_MAX,
  MOTION_INTENSITY_MIN,
  OPACITY_MAX,
  OPACITY_MIN,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  POSITION_MAX_ABS,
  ROTATION_MAX_DEGREES,
  ROTATION_MIN_DEGREES,
  SIZE_MAX,
  SOLID_BORDER_RADIUS_MAX,
  SOUND_EFFECT_ID_MAX_LENGTH,
  STROKE_WIDTH_MAX,
  STROKE_WIDTH_MIN,
  STYLE_TOKEN_MAX_LENGTH,
  TEXT_BACKGROUND_MAX,
  TEXT_BACKGROUND_MIN,
  TEXT_FADE_MAX_SECONDS,
  TEXT_FADE_MIN_SECONDS,
  TEXT_MAX_LENGTH,
  TEXT_MIN_LENGTH,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  TRANSITION_OVERLAP_MAX_SECONDS,
  TRANSITION_OVERLAP_MIN_SECONDS,
  URL_MAX_LENGTH,
  VOICE_ID_MAX_LENGTH,
  VOICE_INSTRUCTIONS_MAX_LENGTH,
  VOICE_SETTING_MAX,
  VOICE_SETTING_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  VOICEOVER_TEXT_MAX_LENGTH,
  VOLUME_DB_MAX,
  VOLUME_DB_MIN,
  WORDS_PER_CAPTION_MAX,
  WORDS_PER_CAPTION_MIN,
} from "../../src/schemas/limits.js";
import { validOperationExamples } from "./edit-operation-examples.js";
import {
  expectAccepted,
  expectRejectedAt,
  type FieldPath,
  withValue,
} from "./edit-test-support.js";

// Small enough to sit next to any bound, large enough to survive float rounding at the
// largest bound tested (CAPTION_TIME_MAX_MS).
const EPSILON = 1e-6;

/** A numeric field of one operation and the range the contract gives it. */
interface NumberRange {
  readonly type: EditOperationType;
  readonly path: FieldPath;
  readonly min?: number;
  readonly max?: number;
  /** Integers step by one past a bound; other numbers by {@link EPSILON}. */
  readonly integer?: boolean;
  /** The field must be greater than `min`, not equal to it (width, height). */
  readonly exclusiveMin?: boolean;
  /** Operation to vary instead of the shared example. */
  readonly base?: EditOperation;
}

// One entry and one word spanning the whole allowed time range, so either end of the
// range can be probed without breaking the "end not before start" rule.
const wideCaptions = withValue(
  validOperationExamples.add_captions,
  ["captions"],
  [
    {
      text: "Hi",
      startMs: 0,
      endMs: CAPTION_TIME_MAX_MS,
      words: [{ word: "Hi", startMs: 0, endMs: CAPTION_TIME_MAX_MS }],
    },
  ],
);

const timing = (type: EditOperationType): NumberRange[] => [
  { type, path: ["from_seconds"], min: 0, max: TIMELINE_POSITION_MAX_SECONDS },
  {
    type,
    path: ["duration_seconds"],
    min: TIMELINE_DURATION_MIN_SECONDS,
    max: TIMELINE_DURATION_MAX_SECONDS,
  },
];
const box = (type: EditOperationType, prefix: FieldPath = []): NumberRange[] => [
  { type, path: [...prefix, "left"], min: -POSITION_MAX_ABS, max: POSITION_MAX_ABS },
  { type, path: [...prefix, "top"], min: -POSITION_MAX_ABS, max: POSITION_MAX_ABS },
  { type, path: [...prefix, "width"], min: 0, exclusiveMin: true, max: SIZE_MAX },
  { type, path: [...prefix, "height"], min: 0, exclusiveMin: true, max: SIZE_MAX },
];
const audio = (type: EditOperationType): NumberRange[] => [
  { type, path: ["volume_db"], min: VOLUME_DB_MIN, max: VOLUME_DB_MAX },
  {
    type,
    path: ["audio_fade_in_seconds"],
    min: AUDIO_FADE_MIN_SECONDS,
    max: AUDIO_FADE_MAX_SECONDS,
  },
  {
    type,
    path: ["audio_fade_out_seconds"],
    min: AUDIO_FADE_MIN_SECONDS,
    max: AUDIO_FADE_MAX_SECONDS,
  },
];
const addedAudio = (type: EditOperationType): NumberRange[] => [
  ...timing(type),
  { type, path: ["source_start_seconds"], min: 0, max: TIMELINE_POSITION_MAX_SECONDS },
  ...audio(type),
];
const animation = (type: EditOperationType, slot: string): NumberRange => ({
  type,
  path: [slot, "duration_seconds"],
  min: ANIMATION_DURATION_MIN_SECONDS,
  max: ANIMATION_DURATION_MAX_SECONDS,
});
const textStyle = (type: EditOperationType): NumberRange[] => [
  { type, path: ["style", "font_size"], min: FONT_SIZE_MIN, max: FONT_SIZE_MAX },
  { type, path: ["style", "line_height"], min: LINE_HEIGHT_MIN, max: LINE_HEIGHT_MAX },
  { type, path: ["style", "letter_spacing"], min: LETTER_SPACING_MIN, max: LETTER_SPACING_MAX },
  { type, path: ["style", "stroke_width"], min: STROKE_WIDTH_MIN, max: STROKE_WIDTH_MAX },
  {
    type,
    path: ["style", "background_horizontal_padding"],
    min: TEXT_BACKGROUND_MIN,
    max: TEXT_BACKGROUND_MAX,
  },
  {
    type,
    path: ["style", "background_border_radius"],
    min: TEXT_BACKGROUND_MIN,
    max: TEXT_BACKGROUND_MAX,
  },
  {
    type,
    path: ["style", "fade_in_seconds"],
    min: TEXT_FADE_MIN_SECONDS,
    max: TEXT_FADE_MAX_SECONDS,
  },
  {
    type,
    path: ["style", "fade_out_seconds"],
    min: TEXT_FADE_MIN_SECONDS,
    max: TEXT_FADE_MAX_SECONDS,
  },
];
const captionStyle = (type: EditOperationType): NumberRange[] => [
  ...textStyle(type),
  {
    type,
    path: ["style", "page_duration_ms"],
    min: CAPTION_PAGE_DURATION_MIN_MS,
    max: CAPTION_PAGE_DURATION_MAX_MS,
    integer: true,
  },
  { type, path: ["style", "caption_start_seconds"], min: 0, max: TIMELINE_POSITION_MAX_SECONDS },
  {
    type,
    path: ["style", "max_lines"],
    min: CAPTION_MAX_LINES_MIN,
    max: CAPTION_MAX_LINES_MAX,
    integer: true,
  },
  {
    type,
    path: ["style", "words_per_caption"],
    min: WORDS_PER_CAPTION_MIN,
    max: WORDS_PER_CAPTION_MAX,
    integer: true,
  },
  { type, path: ["style", "playback_rate"], min: PLAYBACK_RATE_MIN, max: PLAYBACK_RATE_MAX },
];
const captionEntry = (type: EditOperationType, base: EditOperation): NumberRange[] => [
  { type, base, path: ["captions", 0, "startMs"], min: 0, max: CAPTION_TIME_MAX_MS },
  { type, base, path: ["captions", 0, "endMs"], max: CAPTION_TIME_MAX_MS },
  { type, base, path: ["captions", 0, "timestampMs"], min: 0, max: CAPTION_TIME_MAX_MS },
  { type, base, path: ["captions", 0, "confidence"], min: CONFIDENCE_MIN, max: CONFIDENCE_MAX },
  { type, base, path: ["captions", 0, "words", 0, "startMs"], min: 0, max: CAPTION_TIME_MAX_MS },
  { type, base, path: ["captions", 0, "words", 0, "endMs"], max: CAPTION_TIME_MAX_MS },
  {
    type,
    base,
    path: ["captions", 0, "words", 0, "confidence"],
    min: CONFIDENCE_MIN,
    max: CONFIDENCE_MAX,
  },
];
const voiceSetting = (name: string, min: number, max: number): NumberRange => ({
  type: "add_voiceover",
  path: ["voice_settings", name],
  min,
  max,
});

const NUMBER_RANGES: NumberRange[] = [
  ...timing("set_item_timing"),
  {
    type: "set_item_source",
    path: ["source_start_seconds"],
    min: 0,
    max: TIMELINE_POSITION_MAX_SECONDS,
  },
  {
    type: "set_item_source",
    path: ["playback_rate"],
    min: PLAYBACK_RATE_MIN,
    max: PLAYBACK_RATE_MAX,
  },
  ...audio("set_item_audio"),
  ...audio("set_audio_levels"),
  animation("set_item_animation", "enter"),
  {
    ...animation("set_item_animation", "exit"),
    base: withValue(validOperationExamples.set_item_animation, ["exit"], { type: "fade" }),
  },
  {
    type: "set_item_motion",
    path: ["motion", "start_seconds"],
    min: 0,
    max: TIMELINE_POSITION_MAX_SECONDS,
  },
  {
    type: "set_item_motion",
    path: ["motion", "duration_seconds"],
    min: TIMELINE_DURATION_MIN_SECONDS,
    max: TIMELINE_DURATION_MAX_SECONDS,
  },
  {
    type: "set_item_motion",
    path: ["motion", "intensity"],
    min: MOTION_INTENSITY_MIN,
    max: MOTION_INTENSITY_MAX,
  },
  {
    type: "apply_item_transition",
    path: ["overlap_seconds"],
    min: TRANSITION_OVERLAP_MIN_SECONDS,
    max: TRANSITION_OVERLAP_MAX_SECONDS,
  },
  animation("apply_item_transition", "enter"),
  animation("apply_item_transition", "exit"),
  { type: "split_item", path: ["at_seconds"], min: 0, max: TIMELINE_POSITION_MAX_SECONDS },
  ...box("set_item_transform"),
  { type: "set_item_transform", path: ["opacity"], min: OPACITY_MIN, max: OPACITY_MAX },
  ...timing("add_solid"),
  ...box("add_solid"),
  { type: "add_solid", path: ["style", "border_radius"], min: 0, max: SOLID_BORDER_RADIUS_MAX },
  {
    type: "add_solid",
    path: ["style", "rotation"],
    min: ROTATION_MIN_DEGREES,
    max: ROTATION_MAX_DEGREES,
  },
  { type: "add_solid", path: ["style", "opacity"], min: OPACITY_MIN, max: OPACITY_MAX },
  ...timing("add_text"),
  ...box("add_text"),
  ...textStyle("add_text"),
  ...textStyle("update_text"),
  ...timing("add_captions"),
  ...box("add_captions"),
  ...captionStyle("add_captions"),
  ...captionEntry("add_captions", wideCaptions),
  ...captionStyle("update_captions"),
  ...captionEntry(
    "update_captions",
    withValue(validOperationExamples.update_captions, ["captions"], wideCaptions.captions),
  ),
  ...captionStyle("generate_captions_from_items"),
  ...addedAudio("add_sound_effect"),
  ...addedAudio("add_voiceover"),
  voiceSetting("stability", VOICE_SETTING_MIN, VOICE_SETTING_MAX),
  voiceSetting("similarity_boost", VOICE_SETTING_MIN, VOICE_SETTING_MAX),
  voiceSetting("style", VOICE_SETTING_MIN, VOICE_SETTING_MAX),
  voiceSetting("speed", VOICE_SPEED_MIN, VOICE_SPEED_MAX),
];

/** A probe of one bound: the value to set and whether the schema must accept it. */
interface Probe {
  readonly name: string;
  readonly input: EditOperation;
  readonly path: FieldPath;
  readonly accepted: boolean;
}

function numberProbes(range: NumberRange): Probe[] {
  const base = range.base ?? validOperationExamples[range.type];
  const step = range.integer === true ? 1 : EPSILON;
  const label = `${range.type}.${range.path.join(".")}`;
  const probe = (value: number, accepted: boolean): Probe => ({
    name: `${label} = ${value} is ${accepted ? "accepted" : "rejected"}`,
    input: withValue(base, range.path, value),
    path: range.path,
    accepted,
  });
  const probes: Probe[] = [];
  if (range.min !== undefined && range.exclusiveMin === true) {
    probes.push(probe(range.min + step, true), probe(range.min, false));
  } else if (range.min !== undefined) {
    probes.push(probe(range.min, true), probe(range.min - step, false));
  }
  if (range.max !== undefined) probes.push(probe(range.max, true), probe(range.max + step, false));
  if (range.integer === true && range.min !== undefined) {
    probes.push(probe(range.min + 0.5, false));
  }
  return probes;
}

describe("numeric ranges of spec 4.14 and section 8", () => {
  const probes = NUMBER_RANGES.flatMap(numberProbes);

  test("cover every operation that has a numeric field", () => {
    const covered = new Set(NUMBER_RANGES.map((range) => range.type));
    expect([...covered].sort()).toEqual(
      [
        "add_captions",
        "add_solid",
        "add_sound_effect",
        "add_text",
        "add_voiceover",
        "apply_item_transition",
        "generate_captions_from_items",
        "set_audio_levels",
        "set_item_animation",
        "set_item_audio",
        "set_item_motion",
        "set_item_source",
        "set_item_timing",
        "set_item_transform",
        "split_item",
        "update_captions",
        "update_text",
      ].sort(),
    );
  });

  test.each(probes)("$name", ({ input, path, accepted }) => {
    if (accepted) expectAccepted(input);
    else expectRejectedAt(input, path);
  });
});

/** A string or array field of one operation and the lengths the contract allows. */
interface LengthRange {
  readonly type: EditOperationType;
  readonly path: FieldPath;
  readonly min?: number;
  readonly max: number;
  /** Builds a valid value of exactly `length` characters or elements. */
  readonly make: (length: number) => unknown;
  /** Operation to vary instead of the shared example. */
  readonly base?: EditOperation;
}

const chars = (length: number): string => "x".repeat(length);
// Text of a given length a voice speaks as one word: a run of "x" longer than 20 letters
// would count as several spoken words, so the rest is silent typography.
const oneSpokenWord = (length: number): string =>
  length === 0 ? "" : `x${"—".repeat(length - 1)}`;
const ids = (length: number): string[] => Array.from({ length }, (_, index) => `item-${index}`);
const cycle =
  <Value>(values: readonly Value[]) =>
  (length: number): Value[] =>
    Array.from({ length }, (_, index) => values[index % values.length] as Value);
const urlOfLength = (length: number): string => {
  const prefix = "https://cdn.example.com/";
  return `${prefix}${"a".repeat(length - prefix.length)}`;
};
const captionEntries = (length: number): unknown[] =>
  Array.from({ length }, (_, index) => ({ text: "Hi", startMs: index, endMs: index + 1 }));
const captionWords = (length: number): unknown[] =>
  Array.from({ length }, () => ({ word: "hi", startMs: 0, endMs: 1 }));

const idField = (type: EditOperationType, path: FieldPath): LengthRange => ({
  type,
  path,
  min: 1,
  max: ITEM_ID_MAX_LENGTH,
  make: chars,
});
const colorField = (type: EditOperationType, path: FieldPath): LengthRange => ({
  type,
  path,
  min: 1,
  max: COLOR_MAX_LENGTH,
  make: chars,
});
const tokenField = (type: EditOperationType, path: FieldPath): LengthRange => ({
  type,
  path,
  min: 1,
  max: STYLE_TOKEN_MAX_LENGTH,
  make: chars,
});
// A weight the schema accepts, of any length: "1", "10", "100", then "bold" after spaces.
const weightOfLength = (length: number): string =>
  length <= 3 ? "100".slice(0, length) : "bold".padStart(length, " ");
const weightField = (type: EditOperationType, path: FieldPath): LengthRange => ({
  ...tokenField(type, path),
  make: weightOfLength,
});
const captionLengths = (type: EditOperationType, base: EditOperation): LengthRange[] => [
  {
    type,
    base,
    path: ["captions"],
    min: CAPTIONS_PER_OPERATION_MIN,
    max: CAPTIONS_PER_OPERATION_MAX,
    make: captionEntries,
  },
  { type, base, path: ["captions", 0, "text"], min: 1, max: CAPTION_TEXT_MAX_LENGTH, make: chars },
  { type, base, path: ["captions", 0, "words"], max: CAPTION_WORDS_MAX, make: captionWords },
  {
    type,
    base,
    path: ["captions", 0, "words", 0, "word"],
    min: 1,
    max: CAPTION_WORD_MAX_LENGTH,
    make: chars,
  },
  tokenField(type, ["style", "template_key"]),
  colorField(type, ["style", "highlight_color"]),
  colorField(type, ["style", "highlight_background_color"]),
];
const textStyleLengths = (type: EditOperationType): LengthRange[] => [
  colorField(type, ["style", "color"]),
  colorField(type, ["style", "stroke_color"]),
  colorField(type, ["style", "background_color"]),
  tokenField(type, ["style", "font_family"]),
  weightField(type, ["style", "font_weight"]),
];

const LENGTH_RANGES: LengthRange[] = [
  { type: "set_title", path: ["title"], min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH, make: chars },
  idField("remove_item", ["item_id"]),
  idField("set_item_timing", ["item_id"]),
  idField("set_item_source", ["item_id"]),
  idField("set_item_audio", ["item_id"]),
  {
    type: "set_audio_levels",
    path: ["item_ids"],
    min: 1,
    max: AUDIO_LEVEL_ITEM_IDS_MAX,
    make: ids,
  },
  {
    ...idField("set_audio_levels", ["item_ids", 0]),
    base: withValue(validOperationExamples.set_audio_levels, ["item_ids"], ["clip-1"]),
  },
  {
    type: "set_audio_levels",
    path: ["exclude_item_ids"],
    max: AUDIO_LEVEL_ITEM_IDS_MAX,
    make: ids,
  },
  idField("set_audio_levels", ["exclude_item_ids", 0]),
  {
    type: "set_audio_levels",
    path: ["item_types"],
    min: 1,
    max: AUDIO_LEVEL_ITEM_TYPES_MAX,
    make: cycle(["audio", "video"]),
  },
  {
    type: "set_audio_levels",
    path: ["audio_roles"],
    min: 1,
    max: AUDIO_LEVEL_ROLES_MAX,
    make: cycle(["source_video", "audio", "music", "voice", "voiceover", "sound_effect"]),
  },
  idField("set_item_animation", ["item_id"]),
  idField("set_item_motion", ["item_id"]),
  idField("apply_item_transition", ["from_item_id"]),
  idField("apply_item_transition", ["to_item_id"]),
  idField("split_item", ["item_id"]),
  idField("set_item_transform", ["item_id"]),
  idField("move_item_to_track", ["item_id"]),
  idField("move_item_to_track", ["track_id"]),
  idField("set_item_layer_order", ["item_id"]),
  colorField("add_solid", ["style", "color"]),
  { type: "add_text", path: ["text"], min: TEXT_MIN_LENGTH, max: TEXT_MAX_LENGTH, make: chars },
  idField("add_text", ["track_id"]),
  ...textStyleLengths("add_text"),
  idField("update_text", ["item_id"]),
  { type: "update_text", path: ["text"], min: TEXT_MIN_LENGTH, max: TEXT_MAX_LENGTH, make: chars },
  ...textStyleLengths("update_text"),
  idField("add_captions", ["track_id"]),
  ...captionLengths("add_captions", validOperationExamples.add_captions),
  ...textStyleLengths("add_captions"),
  idField("update_captions", ["item_id"]),
  ...captionLengths(
    "update_captions",
    withValue(
      validOperationExamples.update_captions,
      ["captions"],
      validOperationExamples.add_captions.captions,
    ),
  ),
  {
    type: "generate_captions_from_items",
    path: ["source_item_ids"],
    min: CAPTION_SOURCE_ITEMS_MIN,
    max: CAPTION_SOURCE_ITEMS_MAX,
    make: ids,
  },
  idField("generate_captions_from_items", ["source_item_ids", 0]),
  idField("generate_captions_from_items", ["captions_item_id"]),
  idField("generate_captions_from_items", ["track_id"]),
  {
    type: "generate_captions_from_items",
    path: ["language"],
    min: 1,
    max: LANGUAGE_MAX_LENGTH,
    make: chars,
  },
  {
    type: "add_sound_effect",
    path: ["sound_effect_id"],
    min: 1,
    max: SOUND_EFFECT_ID_MAX_LENGTH,
    make: chars,
  },
  {
    type: "add_sound_effect",
    base: withValue(validOperationExamples.add_sound_effect, ["sound_effect_id"], undefined),
    path: ["url"],
    max: URL_MAX_LENGTH,
    make: urlOfLength,
  },
  { type: "add_sound_effect", path: ["name"], max: MEDIA_NAME_MAX_LENGTH, make: chars },
  idField("add_sound_effect", ["track_id"]),
  {
    type: "add_voiceover",
    path: ["text"],
    min: TEXT_MIN_LENGTH,
    max: VOICEOVER_TEXT_MAX_LENGTH,
    make: oneSpokenWord,
  },
  { type: "add_voiceover", path: ["voice_id"], min: 1, max: VOICE_ID_MAX_LENGTH, make: chars },
  { type: "add_voiceover", path: ["voice_name"], max: MEDIA_NAME_MAX_LENGTH, make: chars },
  {
    type: "add_voiceover",
    path: ["instructions"],
    max: VOICE_INSTRUCTIONS_MAX_LENGTH,
    make: chars,
  },
  { type: "add_voiceover", path: ["filename"], max: MEDIA_NAME_MAX_LENGTH, make: chars },
  {
    type: "add_voiceover",
    path: ["idempotency_key"],
    max: IDEMPOTENCY_KEY_MAX_LENGTH,
    make: chars,
  },
  idField("add_voiceover", ["track_id"]),
];

function lengthProbes(range: LengthRange): Probe[] {
  const base = range.base ?? validOperationExamples[range.type];
  const label = `${range.type}.${range.path.join(".")}`;
  const probe = (length: number, accepted: boolean): Probe => ({
    name: `${label} of length ${length} is ${accepted ? "accepted" : "rejected"}`,
    input: withValue(base, range.path, range.make(length)),
    path: range.path,
    accepted,
  });
  const probes = [probe(range.max, true), probe(range.max + 1, false)];
  if (range.min !== undefined) probes.push(probe(range.min, true), probe(range.min - 1, false));
  return probes;
}

describe("lengths and counts of spec 4.14 and section 8", () => {
  test.each(LENGTH_RANGES.flatMap(lengthProbes))("$name", ({ input, path, accepted }) => {
    if (accepted) expectAccepted(input);
    else expectRejectedAt(input, path);
  });
});
