/**
 * The value types edit operations share (spec 4.14): ids, timeline seconds, audio levels,
 * positions, animation configs, text and caption styles, caption entries, voice settings,
 * motion and solid styles.
 *
 * Every bound comes from `limits.ts`, and every field carries a description because these
 * schemas feed the OpenAPI document, `skill.md` and the MCP tool schemas that agents read.
 *
 * @module
 */
import { z } from "zod";
import {
  ANIMATION_DIRECTIONS,
  ANIMATION_TYPES,
  type AnimationDirection,
  type AnimationType,
  CAPTION_DISPLAYS,
  CAPTION_PRESETS,
  MOTION_TYPES,
  type MotionType,
  TEXT_TRANSFORMS,
} from "../vocabulary.js";
import {
  FONT_WEIGHT_NAMES,
  FONT_WEIGHT_NUMBER_MAX,
  FONT_WEIGHT_NUMBER_MIN,
  fontWeightNumberOf,
} from "./font-weights.js";

export type { AnimationDirection, AnimationType, MotionType };

import {
  ANIMATION_DURATION_MAX_SECONDS,
  ANIMATION_DURATION_MIN_SECONDS,
  AUDIO_FADE_MAX_SECONDS,
  AUDIO_FADE_MIN_SECONDS,
  CAPTION_MAX_LINES_MAX,
  CAPTION_MAX_LINES_MIN,
  CAPTION_PAGE_DURATION_MAX_MS,
  CAPTION_PAGE_DURATION_MIN_MS,
  CAPTION_TEXT_MAX_LENGTH,
  CAPTION_TIME_MAX_MS,
  CAPTION_WORD_MAX_LENGTH,
  CAPTION_WORDS_MAX,
  COLOR_MAX_LENGTH,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  HIGHLIGHT_SCALE_MAX,
  HIGHLIGHT_SCALE_MIN,
  ITEM_ID_MAX_LENGTH,
  LETTER_SPACING_MAX,
  LETTER_SPACING_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  MOTION_INTENSITY_MAX,
  MOTION_INTENSITY_MIN,
  OPACITY_MAX,
  OPACITY_MIN,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  POSITION_MAX_ABS,
  ROTATION_MAX_DEGREES,
  ROTATION_MIN_DEGREES,
  SHADOW_OFFSET_MAX,
  SHADOW_OFFSET_MIN,
  SIZE_MAX,
  SOLID_BORDER_RADIUS_MAX,
  STROKE_WIDTH_MAX,
  STROKE_WIDTH_MIN,
  STYLE_TOKEN_MAX_LENGTH,
  TEXT_BACKGROUND_MAX,
  TEXT_BACKGROUND_MIN,
  TEXT_FADE_MAX_SECONDS,
  TEXT_FADE_MIN_SECONDS,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
  VOICE_SETTING_MAX,
  VOICE_SETTING_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  VOLUME_DB_MAX,
  VOLUME_DB_MIN,
  WORDS_PER_CAPTION_MAX,
  WORDS_PER_CAPTION_MIN,
} from "./limits.js";

// ---------------------------------------------------------------------------
// Scalars. Descriptions are attached where a field uses them, since the same number
// means different things in different places.
// ---------------------------------------------------------------------------

/** An item, track, asset or caption-item id inside an editor project: 1 to 160 characters. */
export const editorIdSchema = z.string().nonempty().max(ITEM_ID_MAX_LENGTH);

/** A position on the timeline or in a source, in seconds: 0 to one day. */
export const timelinePositionSecondsSchema = z
  .number()
  .nonnegative()
  .max(TIMELINE_POSITION_MAX_SECONDS);

/** A visible or audible length on the timeline, in seconds: 0.1 to 3600. */
export const timelineDurationSecondsSchema = z
  .number()
  .min(TIMELINE_DURATION_MIN_SECONDS)
  .max(TIMELINE_DURATION_MAX_SECONDS);

/** A playback speed factor: 0.1 to 8, where 1 is normal speed. */
export const playbackRateSchema = z.number().min(PLAYBACK_RATE_MIN).max(PLAYBACK_RATE_MAX);

/** A gain in decibels: -60 to 24, where 0 leaves the level unchanged. */
export const volumeDbSchema = z.number().min(VOLUME_DB_MIN).max(VOLUME_DB_MAX);

/** An audio fade in or out, in seconds: 0 to 30. */
export const audioFadeSecondsSchema = z
  .number()
  .min(AUDIO_FADE_MIN_SECONDS)
  .max(AUDIO_FADE_MAX_SECONDS);

/** A `left` or `top` offset in composition pixels; negative values sit partly off-screen. */
export const positionPixelsSchema = z.number().min(-POSITION_MAX_ABS).max(POSITION_MAX_ABS);

/** A `width` or `height` in composition pixels: greater than 0. */
export const sizePixelsSchema = z.number().positive().max(SIZE_MAX);

/** An opacity: 0 (invisible) to 1 (opaque). */
export const opacitySchema = z.number().min(OPACITY_MIN).max(OPACITY_MAX);

/** A CSS colour string (`#ffffff`, `#000000cc`, `rgba(0,0,0,0.5)`, `white`). */
export const colorSchema = z.string().nonempty().max(COLOR_MAX_LENGTH);

const styleTokenSchema = z.string().nonempty().max(STYLE_TOKEN_MAX_LENGTH);
const captionTimeMsSchema = z.number().nonnegative().max(CAPTION_TIME_MAX_MS);
const confidenceSchema = z.number().min(CONFIDENCE_MIN).max(CONFIDENCE_MAX);

// Cross-field checks run only on values whose fields all passed, so one mistake (say, a
// startMs past its bound) yields one issue rather than a second one about ordering.
const whenFieldsValid = {
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};

// ---------------------------------------------------------------------------
// Animation
// ---------------------------------------------------------------------------

/** How an item enters or leaves (spec 4.14 animation config `type`). */
export const animationTypeSchema = z.enum(ANIMATION_TYPES);

/** The side an animation or motion moves from or towards. */
export const animationDirectionSchema = z.enum(ANIMATION_DIRECTIONS);

/** An enter or exit animation (spec 4.14 animation config). */
export const animationConfigSchema = z
  .strictObject({
    type: animationTypeSchema.describe(
      "Animation style. `none` makes the item appear or disappear instantly.",
    ),
    duration_seconds: z
      .number()
      .min(ANIMATION_DURATION_MIN_SECONDS)
      .max(ANIMATION_DURATION_MAX_SECONDS)
      .optional()
      .describe("Length of the animation in seconds."),
    direction: animationDirectionSchema
      .optional()
      .describe("Side the item moves from (enter) or towards (exit); used by slide and swipe."),
  })
  .describe("An enter or exit animation of a timeline item.");
/** An enter or exit animation of a timeline item. */
export type AnimationConfig = z.output<typeof animationConfigSchema>;

// ---------------------------------------------------------------------------
// Text and caption styles
// ---------------------------------------------------------------------------

const textStyleShape = {
  color: colorSchema.optional().describe("Text colour as a CSS colour string."),
  align: z.enum(["left", "center", "right"]).optional().describe("Horizontal text alignment."),
  font_family: styleTokenSchema
    .optional()
    .describe(
      "Font family name, e.g. `Inter`. Extension: GET /editor/fonts lists the families this server draws, with their weights; another is refused (unknown_font_family).",
    ),
  font_weight: styleTokenSchema
    .refine((value) => fontWeightNumberOf(value) !== undefined, {
      message: `font_weight must be a number from ${FONT_WEIGHT_NUMBER_MIN} to ${FONT_WEIGHT_NUMBER_MAX} or a weight name (${Object.keys(FONT_WEIGHT_NAMES).join(", ")}).`,
    })
    .optional()
    .describe(
      `Font weight: a number from ${FONT_WEIGHT_NUMBER_MIN} to ${FONT_WEIGHT_NUMBER_MAX} (\`400\`, \`700\`) or a name (${Object.keys(FONT_WEIGHT_NAMES).join(", ")}; case, spaces, - and _ ignored). Anything else is refused.`,
    ),
  font_size: z
    .number()
    .min(FONT_SIZE_MIN)
    .max(FONT_SIZE_MAX)
    .optional()
    .describe("Font size in composition pixels."),
  line_height: z
    .number()
    .min(LINE_HEIGHT_MIN)
    .max(LINE_HEIGHT_MAX)
    .optional()
    .describe("Line height as a multiple of the font size."),
  letter_spacing: z
    .number()
    .min(LETTER_SPACING_MIN)
    .max(LETTER_SPACING_MAX)
    .optional()
    .describe("Extra space between letters in pixels."),
  direction: z
    .enum(["ltr", "rtl"])
    .optional()
    .describe("Writing direction; `rtl` for Arabic, Hebrew and similar scripts."),
  stroke_width: z
    .number()
    .min(STROKE_WIDTH_MIN)
    .max(STROKE_WIDTH_MAX)
    .optional()
    .describe("Outline thickness around the letters in pixels; 0 means no outline."),
  stroke_color: colorSchema.optional().describe("Outline colour as a CSS colour string."),
  background_color: colorSchema
    .nullable()
    .optional()
    .describe("Colour of the box behind the text; null removes the box."),
  background_horizontal_padding: z
    .number()
    .min(TEXT_BACKGROUND_MIN)
    .max(TEXT_BACKGROUND_MAX)
    .optional()
    .describe("Space left and right of the text inside its box, in pixels."),
  background_border_radius: z
    .number()
    .min(TEXT_BACKGROUND_MIN)
    .max(TEXT_BACKGROUND_MAX)
    .optional()
    .describe("Corner radius of the box behind the text, in pixels."),
  text_transform: z
    .enum(TEXT_TRANSFORMS)
    .optional()
    .describe(
      "Extension: how the text is cased when drawn (`uppercase`, `lowercase`, or `none` as written); the stored text is unchanged.",
    ),
  shadow_color: colorSchema
    .optional()
    .describe(
      "Extension: colour of a drop shadow under the letters (black when only `shadow_offset` is set). A `background_color` box casts it too, with the box's corners when the shadow is opaque.",
    ),
  shadow_offset: z
    .number()
    .min(SHADOW_OFFSET_MIN)
    .max(SHADOW_OFFSET_MAX)
    .optional()
    .describe(
      `Extension: how far the drop shadow falls down and to the right, in pixels, ${SHADOW_OFFSET_MIN} (none) to ${SHADOW_OFFSET_MAX}.`,
    ),
  fade_in_seconds: z
    .number()
    .min(TEXT_FADE_MIN_SECONDS)
    .max(TEXT_FADE_MAX_SECONDS)
    .optional()
    .describe("Fade-in at the start of the item, in seconds."),
  fade_out_seconds: z
    .number()
    .min(TEXT_FADE_MIN_SECONDS)
    .max(TEXT_FADE_MAX_SECONDS)
    .optional()
    .describe("Fade-out at the end of the item, in seconds."),
};

/** How a text overlay looks (spec 4.14 text style); every field is optional. */
export const textStyleSchema = z
  .strictObject(textStyleShape)
  .describe("Look of a text overlay. Omitted fields keep their current or default value.");
/** How a text overlay looks. */
export type TextStyle = z.output<typeof textStyleSchema>;

/** How a captions item looks and pages (spec 4.14 caption style): text style plus caption fields. */
export const captionStyleSchema = textStyleSchema
  .extend({
    highlight_color: colorSchema
      .optional()
      .describe("Colour of the word being spoken, as a CSS colour string."),
    highlight_background_color: colorSchema
      .optional()
      .describe(
        "Colour of the box behind the word being spoken, drawn with the corners of `background_border_radius`, with or without a `background_color` box behind the line.",
      ),
    highlight_scale: z
      .number()
      .min(HIGHLIGHT_SCALE_MIN)
      .max(HIGHLIGHT_SCALE_MAX)
      .optional()
      .describe(
        `Extension: the spoken word pops in from this size (${HIGHLIGHT_SCALE_MIN}, no pop, to ${HIGHLIGHT_SCALE_MAX}) and settles to its own over a tenth of a second.`,
      ),
    display: z
      .enum(CAPTION_DISPLAYS)
      .optional()
      .describe(
        "Extension: `page` (default) shows the whole page with the spoken word highlighted; `word` shows only the word being spoken, one at a time.",
      ),
    preset: z
      .enum(CAPTION_PRESETS)
      .optional()
      .describe(
        "Extension: a caption look whose values fill the style fields left unset (explicit fields win). `bold_pop`: bold white Poppins, black outline, spoken word yellow. `boxed`: Poppins bold, outlined, spoken word on a rounded purple box. `one_word`: one upper-case word at a time, popping in. `impact`: upper-case Anton, thick outline, spoken word green. `minimal`: Inter regular on a translucent dark box, spoken word pale yellow.",
      ),
    page_duration_ms: z
      .int()
      .min(CAPTION_PAGE_DURATION_MIN_MS)
      .max(CAPTION_PAGE_DURATION_MAX_MS)
      .optional()
      .describe("Longest time one caption page stays on screen, in milliseconds."),
    caption_start_seconds: timelinePositionSecondsSchema
      .optional()
      .describe("Where caption timing begins, in seconds."),
    max_lines: z
      .int()
      .min(CAPTION_MAX_LINES_MIN)
      .max(CAPTION_MAX_LINES_MAX)
      .optional()
      .describe("Most lines on one caption page."),
    template_key: styleTokenSchema
      .optional()
      .describe("Key of a caption look preset that supplies defaults for the other fields."),
    words_per_caption: z
      .int()
      .min(WORDS_PER_CAPTION_MIN)
      .max(WORDS_PER_CAPTION_MAX)
      .optional()
      .describe("Most words on one caption page."),
    split_on_punctuation: z
      .boolean()
      .optional()
      .describe("When true, a new caption page starts after sentence punctuation."),
    playback_rate: playbackRateSchema
      .optional()
      .describe("Speed factor applied to caption timing; match the source's rate."),
  })
  .describe(
    "Look and paging of a captions item: every text style field plus highlight and paging fields.",
  );
/** How a captions item looks and pages. */
export type CaptionStyle = z.output<typeof captionStyleSchema>;

// ---------------------------------------------------------------------------
// Caption entries
// ---------------------------------------------------------------------------

/** One timed word inside a caption entry; it may not end before it starts. */
export const captionWordSchema = z
  .strictObject({
    word: z.string().nonempty().max(CAPTION_WORD_MAX_LENGTH).describe("The word as displayed."),
    startMs: captionTimeMsSchema.describe(
      "When the word starts, in milliseconds on the same clock as the entry.",
    ),
    endMs: captionTimeMsSchema.describe("When the word ends, in milliseconds; not before startMs."),
    confidence: confidenceSchema.optional().describe("Transcription confidence for the word."),
  })
  .refine((word) => word.endMs >= word.startMs, {
    message: "A caption word may not end before it starts: endMs must be >= startMs.",
    path: ["endMs"],
    ...whenFieldsValid,
  })
  .describe("One timed word, for word-by-word highlighting.");
/** One timed word inside a caption entry. */
export type CaptionWord = z.output<typeof captionWordSchema>;

/** One caption line with its timing (spec 4.14 caption entry). */
export const captionEntrySchema = z
  .strictObject({
    text: z.string().nonempty().max(CAPTION_TEXT_MAX_LENGTH).describe("Caption text as displayed."),
    startMs: captionTimeMsSchema.describe(
      "When the caption appears, in milliseconds from the start of the captions item.",
    ),
    endMs: captionTimeMsSchema.describe(
      "When the caption disappears, in milliseconds; not before startMs.",
    ),
    timestampMs: captionTimeMsSchema
      .nullable()
      .optional()
      .describe("Original transcript timestamp in milliseconds, or null."),
    confidence: confidenceSchema
      .nullable()
      .optional()
      .describe("Transcription confidence for the entry, or null."),
    words: z
      .array(captionWordSchema)
      .max(CAPTION_WORDS_MAX)
      .optional()
      .describe("Word-level timing, in non-decreasing startMs order."),
  })
  .superRefine((entry, context) => {
    if (entry.endMs < entry.startMs) {
      context.addIssue({
        code: "custom",
        message: `A caption may not end before it starts: endMs ${entry.endMs} < startMs ${entry.startMs}.`,
        path: ["endMs"],
      });
    }
    const words = entry.words ?? [];
    for (let index = 1; index < words.length; index += 1) {
      const previous = words[index - 1];
      const current = words[index];
      if (previous !== undefined && current !== undefined && current.startMs < previous.startMs) {
        context.addIssue({
          code: "custom",
          message: `Words must be in non-decreasing startMs order: word ${index} starts at ${current.startMs} ms, before word ${index - 1} at ${previous.startMs} ms.`,
          path: ["words", index, "startMs"],
        });
      }
    }
  }, whenFieldsValid)
  .describe("One caption with its timing and optional word-level timing.");
/** One caption with its timing. */
export type CaptionEntry = z.output<typeof captionEntrySchema>;

// ---------------------------------------------------------------------------
// Voice, motion and solids
// ---------------------------------------------------------------------------

/** Text-to-speech tuning for `add_voiceover` (spec 4.14 voice settings). */
export const voiceSettingsSchema = z
  .strictObject({
    stability: z
      .number()
      .min(VOICE_SETTING_MIN)
      .max(VOICE_SETTING_MAX)
      .optional()
      .describe("Higher is steadier, lower is more expressive."),
    similarity_boost: z
      .number()
      .min(VOICE_SETTING_MIN)
      .max(VOICE_SETTING_MAX)
      .optional()
      .describe("How closely the output keeps to the original voice."),
    style: z
      .number()
      .min(VOICE_SETTING_MIN)
      .max(VOICE_SETTING_MAX)
      .optional()
      .describe("How strongly the voice's speaking style is exaggerated; 0 is neutral."),
    use_speaker_boost: z
      .boolean()
      .optional()
      .describe("When true, boosts similarity to the original speaker."),
    speed: z
      .number()
      .min(VOICE_SPEED_MIN)
      .max(VOICE_SPEED_MAX)
      .optional()
      .describe("Speaking speed factor; 1 is normal."),
  })
  .describe("Text-to-speech tuning. Omitted fields use the voice's defaults.");
/** Text-to-speech tuning for a voiceover. */
export type VoiceSettings = z.output<typeof voiceSettingsSchema>;

/** Kinds of continuous motion an item can have (`set_item_motion`; values chosen, see the decisions). */
export const motionTypeSchema = z.enum(MOTION_TYPES);

/** Continuous motion of a visual item over its lifetime (`set_item_motion`'s `motion`). */
export const motionSchema = z
  .strictObject({
    type: motionTypeSchema.describe("Motion style; `none` removes the item's motion."),
    start_seconds: timelinePositionSecondsSchema
      .optional()
      .describe("When the motion starts, in seconds from the item's start; default 0."),
    duration_seconds: timelineDurationSecondsSchema
      .optional()
      .describe("Length of one motion cycle in seconds; default: rest of the item."),
    direction: animationDirectionSchema
      .optional()
      .describe("Side the motion travels towards; used by pan, ken_burns and float."),
    intensity: z
      .number()
      .min(MOTION_INTENSITY_MIN)
      .max(MOTION_INTENSITY_MAX)
      .optional()
      .describe("Strength of the motion, 0 (none) to 1 (strongest)."),
    loop: z.boolean().optional().describe("When true, the motion repeats until the item ends."),
  })
  .describe("Continuous motion (pan, zoom, shake, ...) of a video, image or GIF item.");
/** Continuous motion of a visual item. */
export type Motion = z.output<typeof motionSchema>;

/** How a solid rectangle looks (`add_solid`'s `style`; ranges chosen, see the decisions). */
export const solidStyleSchema = z
  .strictObject({
    color: colorSchema.optional().describe("Fill colour as a CSS colour string."),
    border_radius: z
      .number()
      .nonnegative()
      .max(SOLID_BORDER_RADIUS_MAX)
      .optional()
      .describe("Corner radius in composition pixels."),
    rotation: z
      .number()
      .min(ROTATION_MIN_DEGREES)
      .max(ROTATION_MAX_DEGREES)
      .optional()
      .describe("Clockwise rotation in degrees."),
    opacity: opacitySchema.optional().describe("Opacity, 0 (invisible) to 1 (opaque)."),
  })
  .describe("Look of a solid-colour rectangle.");
/** How a solid rectangle looks. */
export type SolidStyle = z.output<typeof solidStyleSchema>;
