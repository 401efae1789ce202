/**
 * Style values of edit operations: colours, enter and exit animations, motion, and the
 * text, caption and solid styles, every field optional as on the wire.
 *
 * @module
 */
import fc from "fast-check";
import type {
  AnimationConfig,
  CaptionStyle,
  Motion,
  SolidStyle,
  TextStyle,
} from "../../schemas/edit-values.js";
import {
  ANIMATION_DURATION_MAX_SECONDS,
  ANIMATION_DURATION_MIN_SECONDS,
  CAPTION_MAX_LINES_MAX,
  CAPTION_MAX_LINES_MIN,
  CAPTION_PAGE_DURATION_MAX_MS,
  CAPTION_PAGE_DURATION_MIN_MS,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  HIGHLIGHT_SCALE_MAX,
  HIGHLIGHT_SCALE_MIN,
  LETTER_SPACING_MAX,
  LETTER_SPACING_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  MOTION_INTENSITY_MAX,
  MOTION_INTENSITY_MIN,
  ROTATION_MAX_DEGREES,
  ROTATION_MIN_DEGREES,
  SHADOW_OFFSET_MAX,
  SHADOW_OFFSET_MIN,
  SOLID_BORDER_RADIUS_MAX,
  STROKE_WIDTH_MAX,
  STROKE_WIDTH_MIN,
  TEXT_BACKGROUND_MAX,
  TEXT_BACKGROUND_MIN,
  TEXT_FADE_MAX_SECONDS,
  TEXT_FADE_MIN_SECONDS,
  WORDS_PER_CAPTION_MAX,
  WORDS_PER_CAPTION_MIN,
} from "../../schemas/limits.js";
// The zod-free vocabulary keeps the testing entry free of zod at run time, like the engine.
import {
  ANIMATION_DIRECTIONS,
  ANIMATION_TYPES,
  CAPTION_DISPLAYS,
  CAPTION_PRESETS,
  MOTION_TYPES,
  TEXT_TRANSFORMS,
} from "../../vocabulary.js";
import {
  durationSecondsArbitrary,
  numberBetween,
  opacityArbitrary,
  playbackRateArbitrary,
  positionSecondsArbitrary,
} from "./numbers.js";

const FONT_FAMILIES = ["Inter", "Roboto", "Noto Sans Arabic", "Georgia"];
const FONT_WEIGHTS = ["400", "700", "bold"];

/** A CSS colour string. */
export function colorArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom("#ffffff", "#000000cc", "rgba(0,0,0,0.5)", "white", "transparent"),
    fc.integer({ min: 0, max: 0xffffff }).map((rgb) => `#${rgb.toString(16).padStart(6, "0")}`),
  );
}

/** An enter or exit animation. */
export function animationArbitrary(): fc.Arbitrary<AnimationConfig> {
  return fc.record(
    {
      type: fc.constantFrom(...ANIMATION_TYPES),
      duration_seconds: numberBetween(
        ANIMATION_DURATION_MIN_SECONDS,
        ANIMATION_DURATION_MAX_SECONDS,
      ),
      direction: fc.constantFrom(...ANIMATION_DIRECTIONS),
    },
    { requiredKeys: ["type"] },
  );
}

/** An animation, or null to clear one. */
export function animationOrNullArbitrary(): fc.Arbitrary<AnimationConfig | null> {
  return fc.oneof({ weight: 4, arbitrary: animationArbitrary() }, fc.constant(null));
}

/** Continuous motion; type `none` removes it. */
export function motionArbitrary(timelineSeconds: number): fc.Arbitrary<Motion> {
  return fc.record(
    {
      type: fc.constantFrom(...MOTION_TYPES),
      start_seconds: positionSecondsArbitrary(timelineSeconds),
      duration_seconds: durationSecondsArbitrary(timelineSeconds),
      direction: fc.constantFrom(...ANIMATION_DIRECTIONS),
      intensity: numberBetween(MOTION_INTENSITY_MIN, MOTION_INTENSITY_MAX),
      loop: fc.boolean(),
    },
    { requiredKeys: ["type"] },
  );
}

function textStyleModel() {
  return {
    color: colorArbitrary(),
    align: fc.constantFrom("left", "center", "right"),
    font_family: fc.constantFrom(...FONT_FAMILIES),
    font_weight: fc.constantFrom(...FONT_WEIGHTS),
    font_size: numberBetween(FONT_SIZE_MIN, FONT_SIZE_MAX),
    line_height: numberBetween(LINE_HEIGHT_MIN, LINE_HEIGHT_MAX),
    letter_spacing: numberBetween(LETTER_SPACING_MIN, LETTER_SPACING_MAX),
    direction: fc.constantFrom("ltr", "rtl"),
    stroke_width: numberBetween(STROKE_WIDTH_MIN, STROKE_WIDTH_MAX),
    stroke_color: colorArbitrary(),
    background_color: fc.option(colorArbitrary(), { nil: null }),
    background_horizontal_padding: numberBetween(TEXT_BACKGROUND_MIN, TEXT_BACKGROUND_MAX),
    background_border_radius: numberBetween(TEXT_BACKGROUND_MIN, TEXT_BACKGROUND_MAX),
    text_transform: fc.constantFrom(...TEXT_TRANSFORMS),
    shadow_color: colorArbitrary(),
    shadow_offset: numberBetween(SHADOW_OFFSET_MIN, SHADOW_OFFSET_MAX),
    fade_in_seconds: numberBetween(TEXT_FADE_MIN_SECONDS, TEXT_FADE_MAX_SECONDS),
    fade_out_seconds: numberBetween(TEXT_FADE_MIN_SECONDS, TEXT_FADE_MAX_SECONDS),
  } as const;
}

/** A text style with any subset of its fields. */
export function textStyleArbitrary(): fc.Arbitrary<TextStyle> {
  return fc.record(textStyleModel(), { requiredKeys: [] });
}

/** A caption style with any subset of its fields. */
export function captionStyleArbitrary(timelineSeconds: number): fc.Arbitrary<CaptionStyle> {
  return fc.record(
    {
      ...textStyleModel(),
      highlight_color: colorArbitrary(),
      highlight_background_color: colorArbitrary(),
      highlight_scale: numberBetween(HIGHLIGHT_SCALE_MIN, HIGHLIGHT_SCALE_MAX),
      display: fc.constantFrom(...CAPTION_DISPLAYS),
      preset: fc.constantFrom(...CAPTION_PRESETS),
      page_duration_ms: fc.integer({
        min: CAPTION_PAGE_DURATION_MIN_MS,
        max: CAPTION_PAGE_DURATION_MAX_MS,
      }),
      caption_start_seconds: positionSecondsArbitrary(timelineSeconds),
      max_lines: fc.integer({ min: CAPTION_MAX_LINES_MIN, max: CAPTION_MAX_LINES_MAX }),
      template_key: fc.constantFrom("classic", "bold-pop", "karaoke"),
      words_per_caption: fc.integer({ min: WORDS_PER_CAPTION_MIN, max: WORDS_PER_CAPTION_MAX }),
      split_on_punctuation: fc.boolean(),
      playback_rate: playbackRateArbitrary(),
    },
    { requiredKeys: [] },
  );
}

/** A solid style with any subset of its fields. */
export function solidStyleArbitrary(): fc.Arbitrary<SolidStyle> {
  return fc.record(
    {
      color: colorArbitrary(),
      border_radius: numberBetween(0, SOLID_BORDER_RADIUS_MAX),
      rotation: numberBetween(ROTATION_MIN_DEGREES, ROTATION_MAX_DEGREES),
      opacity: opacityArbitrary(),
    },
    { requiredKeys: [] },
  );
}
