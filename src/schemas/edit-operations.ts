/**
 * The 21 edit operations of PATCH /editor/videos/{id} (spec 4.14), one strict schema each,
 * and the discriminated union that picks one by its `type`.
 *
 * Rules that JSON Schema cannot express (at least one change field, exactly one sound
 * source, the spoken-word limit) are refinements, and each operation's description states
 * them, because agents read the descriptions rather than the refinements.
 *
 * @module
 */
import { z } from "zod";
import { SOUND_ITEM_TYPES } from "../vocabulary.js";
import { audioRoleSchema, idempotencyKeySchema, urlSchema, uuidSchema } from "./common.js";
import { countSpokenWords } from "./edit-spoken-words.js";
import {
  animationConfigSchema,
  audioFadeSecondsSchema,
  captionEntrySchema,
  captionStyleSchema,
  editorIdSchema,
  motionSchema,
  opacitySchema,
  playbackRateSchema,
  positionPixelsSchema,
  sizePixelsSchema,
  solidStyleSchema,
  textStyleSchema,
  timelineDurationSecondsSchema,
  timelinePositionSecondsSchema,
  voiceSettingsSchema,
  volumeDbSchema,
} from "./edit-values.js";
import {
  AUDIO_LEVEL_ITEM_IDS_MAX,
  AUDIO_LEVEL_ITEM_TYPES_MAX,
  AUDIO_LEVEL_ROLES_MAX,
  CAPTION_SOURCE_ITEMS_MAX,
  CAPTION_SOURCE_ITEMS_MIN,
  CAPTIONS_PER_OPERATION_MAX,
  CAPTIONS_PER_OPERATION_MIN,
  LANGUAGE_MAX_LENGTH,
  MEDIA_NAME_MAX_LENGTH,
  SOUND_EFFECT_ID_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  TEXT_MIN_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  TRANSITION_OVERLAP_MAX_SECONDS,
  TRANSITION_OVERLAP_MIN_SECONDS,
  VOICE_ID_MAX_LENGTH,
  VOICE_INSTRUCTIONS_MAX_LENGTH,
  VOICEOVER_MAX_WORDS,
  VOICEOVER_TEXT_MAX_LENGTH,
} from "./limits.js";

// ---------------------------------------------------------------------------
// Fields several operations share, described once so every operation reads alike.
// ---------------------------------------------------------------------------

const itemIdField = editorIdSchema.describe(
  "Id of the timeline item, as found in `editor.items` of GET /editor/videos/{id}.",
);
const trackIdField = editorIdSchema
  .optional()
  .describe(
    "Track to place the new item on. Omit to reuse a compatible track where it does not overlap; set it only for layer order or deliberate overlap.",
  );
const fromSecondsField = timelinePositionSecondsSchema
  .optional()
  .describe("Where the item starts on the timeline, in seconds.");
const durationSecondsField = timelineDurationSecondsSchema
  .optional()
  .describe("How long the item is visible or audible on the timeline, in seconds.");
const sourceStartSecondsField = timelinePositionSecondsSchema
  .optional()
  .describe("How far into the source media playback begins, in seconds (trims the start).");
const volumeDbField = volumeDbSchema
  .optional()
  .describe("Gain in decibels; 0 leaves the level unchanged, negative is quieter.");
const audioFadeInField = audioFadeSecondsSchema
  .optional()
  .describe("Fade-in at the start of the audio, in seconds.");
const audioFadeOutField = audioFadeSecondsSchema
  .optional()
  .describe("Fade-out at the end of the audio, in seconds.");
const leftField = positionPixelsSchema
  .optional()
  .describe("Distance of the left edge from the composition's left edge, in pixels.");
const topField = positionPixelsSchema
  .optional()
  .describe("Distance of the top edge from the composition's top edge, in pixels.");
const widthField = sizePixelsSchema.optional().describe("Width in composition pixels.");
const heightField = sizePixelsSchema.optional().describe("Height in composition pixels.");
const overlayTextSchema = z.string().min(TEXT_MIN_LENGTH).max(TEXT_MAX_LENGTH);
const captionListSchema = z
  .array(captionEntrySchema)
  .min(CAPTIONS_PER_OPERATION_MIN)
  .max(CAPTIONS_PER_OPERATION_MAX);
const animationSlotSchema = animationConfigSchema.nullable().optional();

// Cross-field checks run only on values whose fields all passed, so one mistake yields
// one issue.
const whenFieldsValid = {
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};

// True when at least one of `keys` is present; null counts, because null means "clear".
function hasAnyOf<Value extends object>(value: Value, keys: ReadonlyArray<keyof Value>): boolean {
  return keys.some((key) => value[key] !== undefined);
}

// The refinement message for operations that would otherwise change nothing.
function nothingToChange(type: string, keys: ReadonlyArray<string>): { message: string } {
  return { message: `${type} changes nothing: send at least one of ${keys.join(", ")}.` };
}

// ---------------------------------------------------------------------------
// Project and item basics
// ---------------------------------------------------------------------------

/** `set_title`: renames the project. */
export const setTitleOperationSchema = z
  .strictObject({
    type: z.literal("set_title"),
    title: z.string().min(TITLE_MIN_LENGTH).max(TITLE_MAX_LENGTH).describe("New project title."),
  })
  .describe("Renames the editor project.");
/** Renames the project. */
export type SetTitleOperation = z.output<typeof setTitleOperationSchema>;

/** `remove_item`: deletes one item from the timeline. */
export const removeItemOperationSchema = z
  .strictObject({
    type: z.literal("remove_item"),
    item_id: itemIdField,
  })
  .describe("Deletes one item from the timeline.");
/** Deletes one timeline item. */
export type RemoveItemOperation = z.output<typeof removeItemOperationSchema>;

const TIMING_FIELDS = ["from_seconds", "duration_seconds"] as const;

/** `set_item_timing`: moves or resizes an item on the timeline. */
export const setItemTimingOperationSchema = z
  .strictObject({
    type: z.literal("set_item_timing"),
    item_id: itemIdField,
    from_seconds: fromSecondsField.describe("New start on the timeline, in seconds."),
    duration_seconds: durationSecondsField.describe("New length on the timeline, in seconds."),
  })
  .refine((op) => hasAnyOf(op, TIMING_FIELDS), nothingToChange("set_item_timing", TIMING_FIELDS))
  .describe(
    "Moves an item along the timeline and/or changes its length. Send at least one of from_seconds, duration_seconds.",
  );
/** Moves or resizes an item on the timeline. */
export type SetItemTimingOperation = z.output<typeof setItemTimingOperationSchema>;

const SOURCE_FIELDS = ["source_start_seconds", "playback_rate"] as const;

/** `set_item_source`: trims into the source media or changes playback speed. */
export const setItemSourceOperationSchema = z
  .strictObject({
    type: z.literal("set_item_source"),
    item_id: itemIdField,
    source_start_seconds: sourceStartSecondsField,
    playback_rate: playbackRateSchema
      .optional()
      .describe("Playback speed factor; 1 is normal, 2 is twice as fast."),
  })
  .refine((op) => hasAnyOf(op, SOURCE_FIELDS), nothingToChange("set_item_source", SOURCE_FIELDS))
  .describe(
    "Trims into a video or audio item's source and/or changes its playback speed. Send at least one of source_start_seconds, playback_rate.",
  );
/** Trims into an item's source or changes its playback speed. */
export type SetItemSourceOperation = z.output<typeof setItemSourceOperationSchema>;

const AUDIO_FIELDS = ["volume_db", "audio_fade_in_seconds", "audio_fade_out_seconds"] as const;

/** `set_item_audio`: changes the level and fades of one item. */
export const setItemAudioOperationSchema = z
  .strictObject({
    type: z.literal("set_item_audio"),
    item_id: itemIdField,
    volume_db: volumeDbField,
    audio_fade_in_seconds: audioFadeInField,
    audio_fade_out_seconds: audioFadeOutField,
  })
  .refine((op) => hasAnyOf(op, AUDIO_FIELDS), nothingToChange("set_item_audio", AUDIO_FIELDS))
  .describe(
    "Sets the volume and/or fades of one video or audio item. Send at least one of volume_db, audio_fade_in_seconds, audio_fade_out_seconds.",
  );
/** Changes the level and fades of one item. */
export type SetItemAudioOperation = z.output<typeof setItemAudioOperationSchema>;

const AUDIO_SELECTOR_FIELDS = ["item_ids", "item_types", "audio_roles"] as const;

/** `set_audio_levels`: changes the level and fades of every matching item at once. */
export const setAudioLevelsOperationSchema = z
  .strictObject({
    type: z.literal("set_audio_levels"),
    item_ids: z
      .array(editorIdSchema)
      .nonempty()
      .max(AUDIO_LEVEL_ITEM_IDS_MAX)
      .optional()
      .describe("Selects these items."),
    exclude_item_ids: z
      .array(editorIdSchema)
      .max(AUDIO_LEVEL_ITEM_IDS_MAX)
      .optional()
      .describe("Leaves these items unchanged even when another selector matches them."),
    item_types: z
      .array(z.enum(SOUND_ITEM_TYPES))
      .nonempty()
      .max(AUDIO_LEVEL_ITEM_TYPES_MAX)
      .optional()
      .describe("Selects every item of these types."),
    audio_roles: z
      .array(audioRoleSchema)
      .nonempty()
      .max(AUDIO_LEVEL_ROLES_MAX)
      .optional()
      .describe("Selects every audio item with one of these roles, e.g. `music` to duck music."),
    volume_db: volumeDbField,
    audio_fade_in_seconds: audioFadeInField,
    audio_fade_out_seconds: audioFadeOutField,
  })
  .refine((op) => hasAnyOf(op, AUDIO_SELECTOR_FIELDS), {
    message:
      "set_audio_levels selects nothing: send at least one of item_ids, item_types, audio_roles.",
  })
  .refine((op) => hasAnyOf(op, AUDIO_FIELDS), nothingToChange("set_audio_levels", AUDIO_FIELDS))
  .describe(
    "Sets volume and/or fades on every item matched by item_ids, item_types or audio_roles (an item matching any selector, minus exclude_item_ids). Send at least one selector and at least one of volume_db, audio_fade_in_seconds, audio_fade_out_seconds. Lowering volume never removes sound effects.",
  );
/** Changes the level and fades of every matching item. */
export type SetAudioLevelsOperation = z.output<typeof setAudioLevelsOperationSchema>;

// ---------------------------------------------------------------------------
// Animation, motion and transitions
// ---------------------------------------------------------------------------

const ANIMATION_FIELDS = ["enter", "exit"] as const;

/** `set_item_animation`: sets or clears the enter and exit animations of an item. */
export const setItemAnimationOperationSchema = z
  .strictObject({
    type: z.literal("set_item_animation"),
    item_id: itemIdField,
    enter: animationSlotSchema.describe(
      "How the item appears; null clears the current enter animation.",
    ),
    exit: animationSlotSchema.describe(
      "How the item leaves; null clears the current exit animation.",
    ),
  })
  .refine(
    (op) => hasAnyOf(op, ANIMATION_FIELDS),
    nothingToChange("set_item_animation", ANIMATION_FIELDS),
  )
  .describe(
    "Sets or clears how a video, image, GIF, text or captions item appears (enter) and leaves (exit). Send at least one of enter, exit; null clears that side.",
  );
/** Sets or clears an item's enter and exit animations. */
export type SetItemAnimationOperation = z.output<typeof setItemAnimationOperationSchema>;

/** `set_item_motion`: gives a visual item continuous motion. */
export const setItemMotionOperationSchema = z
  .strictObject({
    type: z.literal("set_item_motion"),
    item_id: itemIdField,
    motion: motionSchema.describe("The motion to apply; type `none` removes existing motion."),
  })
  .describe(
    "Gives a video, image or GIF item continuous motion (pan, zoom, Ken Burns, shake, float) over its lifetime.",
  );
/** Gives a visual item continuous motion. */
export type SetItemMotionOperation = z.output<typeof setItemMotionOperationSchema>;

/** `apply_item_transition`: overlaps two consecutive items and animates between them. */
export const applyItemTransitionOperationSchema = z
  .strictObject({
    type: z.literal("apply_item_transition"),
    from_item_id: editorIdSchema.describe("Id of the outgoing item."),
    to_item_id: editorIdSchema.describe("Id of the incoming item; it is moved earlier."),
    overlap_seconds: z
      .number()
      .min(TRANSITION_OVERLAP_MIN_SECONDS)
      .max(TRANSITION_OVERLAP_MAX_SECONDS)
      .optional()
      .describe("How long the two items overlap, in seconds."),
    preserve_to_item_end: z
      .boolean()
      .optional()
      .describe("When true, the incoming item keeps its end time and grows by the overlap."),
    enter: animationSlotSchema.describe("Enter animation of the incoming item; null clears it."),
    exit: animationSlotSchema.describe("Exit animation of the outgoing item; null clears it."),
  })
  .refine((op) => op.from_item_id !== op.to_item_id, {
    message: "apply_item_transition needs two different items: to_item_id equals from_item_id.",
    path: ["to_item_id"],
    ...whenFieldsValid,
  })
  .describe(
    "Moves the incoming item earlier so it overlaps the outgoing one, optionally keeping the incoming item's end time, then applies the exit and enter animations.",
  );
/** Overlaps two consecutive items and animates between them. */
export type ApplyItemTransitionOperation = z.output<typeof applyItemTransitionOperationSchema>;

// ---------------------------------------------------------------------------
// Layout and layers
// ---------------------------------------------------------------------------

/** `split_item`: cuts an item in two at a point on the timeline. */
export const splitItemOperationSchema = z
  .strictObject({
    type: z.literal("split_item"),
    item_id: itemIdField,
    at_seconds: timelinePositionSecondsSchema.describe(
      "Timeline position of the cut, in seconds; it must fall inside the item.",
    ),
  })
  .describe(
    "Cuts an item in two at a timeline position. The cut is invisible and inaudible: both halves keep every fade, animation and motion where it stands, recorded in their effectSpans (see the editor state's items).",
  );
/** Cuts an item in two. */
export type SplitItemOperation = z.output<typeof splitItemOperationSchema>;

const TRANSFORM_FIELDS = ["left", "top", "width", "height", "opacity"] as const;

/** `set_item_transform`: moves, resizes or fades a visual item. */
export const setItemTransformOperationSchema = z
  .strictObject({
    type: z.literal("set_item_transform"),
    item_id: itemIdField,
    left: leftField,
    top: topField,
    width: widthField,
    height: heightField,
    opacity: opacitySchema.optional().describe("Opacity, 0 (invisible) to 1 (opaque)."),
  })
  .refine(
    (op) => hasAnyOf(op, TRANSFORM_FIELDS),
    nothingToChange("set_item_transform", TRANSFORM_FIELDS),
  )
  .describe(
    "Changes the position, size and/or opacity of a visual item. Send at least one of left, top, width, height, opacity.",
  );
/** Moves, resizes or fades a visual item. */
export type SetItemTransformOperation = z.output<typeof setItemTransformOperationSchema>;

/** `move_item_to_track`: moves an item to another track, keeping its timing. */
export const moveItemToTrackOperationSchema = z
  .strictObject({
    type: z.literal("move_item_to_track"),
    item_id: itemIdField,
    track_id: editorIdSchema.describe("Id of the destination track, from `editor.tracks`."),
  })
  .describe(
    "Moves an item to another track, keeping its timing; fails if it would overlap an item there.",
  );
/** Moves an item to another track. */
export type MoveItemToTrackOperation = z.output<typeof moveItemToTrackOperationSchema>;

/** `set_item_layer_order`: brings an item to the front or sends it to the back. */
export const setItemLayerOrderOperationSchema = z
  .strictObject({
    type: z.literal("set_item_layer_order"),
    item_id: itemIdField,
    position: z
      .enum(["front", "back"])
      .describe("`front` draws the item above everything else, `back` below."),
  })
  .describe("Brings an item to the front layer or sends it to the back layer.");
/** Brings an item to the front or sends it to the back. */
export type SetItemLayerOrderOperation = z.output<typeof setItemLayerOrderOperationSchema>;

// ---------------------------------------------------------------------------
// Solids, text and captions
// ---------------------------------------------------------------------------

/** `add_solid`: adds a solid-colour rectangle. */
export const addSolidOperationSchema = z
  .strictObject({
    type: z.literal("add_solid"),
    from_seconds: fromSecondsField,
    duration_seconds: durationSecondsField,
    left: leftField,
    top: topField,
    width: widthField,
    height: heightField,
    style: solidStyleSchema.optional().describe("Colour, corner radius, rotation and opacity."),
  })
  .describe(
    "Adds a solid-colour rectangle, e.g. a backdrop behind text or a colour card. Every field is optional.",
  );
/** Adds a solid-colour rectangle. */
export type AddSolidOperation = z.output<typeof addSolidOperationSchema>;

/** `add_text`: adds a text overlay. */
export const addTextOperationSchema = z
  .strictObject({
    type: z.literal("add_text"),
    text: overlayTextSchema.describe("The text to show."),
    from_seconds: fromSecondsField,
    duration_seconds: durationSecondsField,
    track_id: trackIdField,
    left: leftField,
    top: topField.describe(
      "Distance of the top edge from the composition's top edge, in pixels. Omit to place the text in a free vertical slot.",
    ),
    width: widthField,
    height: heightField,
    style: textStyleSchema.optional().describe("Font, colour, outline, box and fades."),
  })
  .describe(
    "Adds a text overlay on a front layer. Without top, it takes a vertical slot that avoids other timed text and captions.",
  );
/** Adds a text overlay. */
export type AddTextOperation = z.output<typeof addTextOperationSchema>;

const UPDATE_TEXT_FIELDS = ["text", "style"] as const;

/** `update_text`: changes the text or style of a text overlay. */
export const updateTextOperationSchema = z
  .strictObject({
    type: z.literal("update_text"),
    item_id: itemIdField,
    text: overlayTextSchema.optional().describe("Replacement text."),
    style: textStyleSchema
      .optional()
      .describe("Style fields to change; omitted fields keep their value."),
  })
  .refine(
    (op) => hasAnyOf(op, UPDATE_TEXT_FIELDS),
    nothingToChange("update_text", UPDATE_TEXT_FIELDS),
  )
  .describe("Changes the text and/or style of a text overlay. Send at least one of text, style.");
/** Changes a text overlay. */
export type UpdateTextOperation = z.output<typeof updateTextOperationSchema>;

/** `add_captions`: adds a captions item from timed caption entries. */
export const addCaptionsOperationSchema = z
  .strictObject({
    type: z.literal("add_captions"),
    captions: captionListSchema.describe(
      "Caption entries with millisecond timing relative to from_seconds.",
    ),
    from_seconds: fromSecondsField,
    duration_seconds: durationSecondsField,
    track_id: trackIdField,
    left: leftField,
    top: topField,
    width: widthField,
    height: heightField,
    style: captionStyleSchema.optional().describe("Look, highlighting and paging of the captions."),
  })
  .describe(
    "Adds a captions item on a front layer from caption entries you supply. To transcribe existing audio instead, use generate_captions_from_items.",
  );
/** Adds a captions item. */
export type AddCaptionsOperation = z.output<typeof addCaptionsOperationSchema>;

const UPDATE_CAPTIONS_FIELDS = ["captions", "style"] as const;

/** `update_captions`: replaces the entries or changes the style of a captions item. */
export const updateCaptionsOperationSchema = z
  .strictObject({
    type: z.literal("update_captions"),
    item_id: itemIdField,
    captions: captionListSchema
      .optional()
      .describe("Replacement caption entries; replaces all existing entries."),
    style: captionStyleSchema
      .optional()
      .describe("Style fields to change; omitted fields keep their value."),
  })
  .refine(
    (op) => hasAnyOf(op, UPDATE_CAPTIONS_FIELDS),
    nothingToChange("update_captions", UPDATE_CAPTIONS_FIELDS),
  )
  .describe(
    "Replaces the entries and/or changes the style of a captions item. Send at least one of captions, style.",
  );
/** Changes a captions item. */
export type UpdateCaptionsOperation = z.output<typeof updateCaptionsOperationSchema>;

/** `generate_captions_from_items`: transcribes items' audio into a captions item. */
export const generateCaptionsFromItemsOperationSchema = z
  .strictObject({
    type: z.literal("generate_captions_from_items"),
    source_item_ids: z
      .array(editorIdSchema)
      .min(CAPTION_SOURCE_ITEMS_MIN)
      .max(CAPTION_SOURCE_ITEMS_MAX)
      .describe("Video or audio items whose speech is transcribed."),
    captions_item_id: editorIdSchema
      .optional()
      .describe("Existing captions item to replace; omit to create a new one."),
    language: z
      .string()
      .nonempty()
      .max(LANGUAGE_MAX_LENGTH)
      .optional()
      .describe(
        "Spoken language of the source audio, e.g. `en` or `pt-BR`. A language the transcription provider has no model for answers 400 with `context.reason` `unsupported_language` and `context.field` naming this field.",
      ),
    track_id: trackIdField,
    style: captionStyleSchema.optional().describe("Look, highlighting and paging of the captions."),
  })
  .describe(
    "Transcribes the audio of video or audio items, respecting their placement, trim, speed and length, and creates or replaces a front-layer captions item. Needs items with remote media and a transcription provider.",
  );
/** Transcribes items' audio into a captions item. */
export type GenerateCaptionsFromItemsOperation = z.output<
  typeof generateCaptionsFromItemsOperationSchema
>;

// ---------------------------------------------------------------------------
// Audio additions
// ---------------------------------------------------------------------------

const SOUND_SOURCE_FIELDS = ["sound_effect_id", "url", "media_id"] as const;

/** `add_sound_effect`: adds a sound effect from the library, a URL or My Media. */
export const addSoundEffectOperationSchema = z
  .strictObject({
    type: z.literal("add_sound_effect"),
    sound_effect_id: z
      .string()
      .nonempty()
      .max(SOUND_EFFECT_ID_MAX_LENGTH)
      .optional()
      .describe("Id of a sound effect from the built-in library."),
    url: urlSchema.optional().describe("Absolute http(s) URL of an audio file."),
    media_id: uuidSchema.optional().describe("Id of an audio item in My Media."),
    name: z
      .string()
      .max(MEDIA_NAME_MAX_LENGTH)
      .optional()
      .describe("Display name of the sound effect in the editor."),
    from_seconds: fromSecondsField,
    duration_seconds: durationSecondsField,
    source_start_seconds: sourceStartSecondsField,
    volume_db: volumeDbField,
    audio_fade_in_seconds: audioFadeInField,
    audio_fade_out_seconds: audioFadeOutField,
    track_id: trackIdField,
  })
  .superRefine((op, context) => {
    const given = SOUND_SOURCE_FIELDS.filter((key) => op[key] !== undefined);
    if (given.length === 1) return;
    context.addIssue({
      code: "custom",
      message:
        given.length === 0
          ? "add_sound_effect needs a source: send exactly one of sound_effect_id, url, media_id."
          : `add_sound_effect takes exactly one source, got ${given.join(" and ")}.`,
    });
  })
  .describe(
    "Adds a sound effect as an audio item with role sound_effect. Send exactly one of sound_effect_id, url, media_id.",
  );
/** Adds a sound effect. */
export type AddSoundEffectOperation = z.output<typeof addSoundEffectOperationSchema>;

const voiceoverTextSchema = z
  .string()
  .min(TEXT_MIN_LENGTH)
  .max(VOICEOVER_TEXT_MAX_LENGTH)
  .superRefine((text, context) => {
    const words = countSpokenWords(text);
    if (words === 0) {
      context.addIssue({ code: "custom", message: "Voiceover text has no words to speak." });
    } else if (words > VOICEOVER_MAX_WORDS) {
      context.addIssue({
        code: "custom",
        message: `Voiceover text has ${words} spoken words; the limit is ${VOICEOVER_MAX_WORDS}.`,
      });
    }
  }, whenFieldsValid);

/** `add_voiceover`: generates speech from text and adds it as an audio item (paid). */
export const addVoiceoverOperationSchema = z
  .strictObject({
    type: z.literal("add_voiceover"),
    text: voiceoverTextSchema.describe(
      `Script to speak; at most ${VOICEOVER_MAX_WORDS} spoken words, counted as a voice speaks them in any script (scripts without spaces by dictionary, dotted letters one by one; punctuation does not count).`,
    ),
    voice_id: z
      .string()
      .nonempty()
      .max(VOICE_ID_MAX_LENGTH)
      .optional()
      .describe(
        "Voice to speak with: a voices[].id of GET /assets (an unknown one is a 404); omit for the default voice.",
      ),
    voice_name: z
      .string()
      .max(MEDIA_NAME_MAX_LENGTH)
      .optional()
      .describe("Display name of the voice, recorded with the audio item."),
    instructions: z
      .string()
      .max(VOICE_INSTRUCTIONS_MAX_LENGTH)
      .optional()
      .describe("Delivery direction for the voice, e.g. `calm, warm, slightly slow`."),
    filename: z
      .string()
      .max(MEDIA_NAME_MAX_LENGTH)
      .optional()
      .describe("File name for the generated audio in My Media."),
    from_seconds: fromSecondsField,
    duration_seconds: durationSecondsField,
    source_start_seconds: sourceStartSecondsField,
    volume_db: volumeDbField,
    audio_fade_in_seconds: audioFadeInField,
    audio_fade_out_seconds: audioFadeOutField,
    track_id: trackIdField,
    voice_settings: voiceSettingsSchema.optional().describe("Text-to-speech tuning."),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe(
        "Key for this voice request when the Idempotency-Key header is absent; new per request, reused only to retry it.",
      ),
  })
  .describe(
    "Paid: generates text-to-speech audio and adds it as an audio item with role voiceover. Send it as the only operation of its PATCH, with a new idempotency key per new voice request.",
  );
/** Generates a voiceover and adds it to the timeline. */
export type AddVoiceoverOperation = z.output<typeof addVoiceoverOperationSchema>;

// ---------------------------------------------------------------------------
// The union
// ---------------------------------------------------------------------------

/** The wire names of the 21 operations, in the order of the spec 4.14 table. */
export const EDIT_OPERATION_TYPES = [
  "set_title",
  "remove_item",
  "set_item_timing",
  "set_item_source",
  "set_item_audio",
  "set_audio_levels",
  "set_item_animation",
  "set_item_motion",
  "apply_item_transition",
  "split_item",
  "set_item_transform",
  "move_item_to_track",
  "set_item_layer_order",
  "add_solid",
  "add_text",
  "update_text",
  "add_captions",
  "update_captions",
  "generate_captions_from_items",
  "add_sound_effect",
  "add_voiceover",
] as const;

/** The wire name of one edit operation, its `type` field. */
export type EditOperationType = (typeof EDIT_OPERATION_TYPES)[number];

/**
 * One edit operation; the `type` field selects which (spec 4.14). Unknown types, unknown
 * fields and out-of-range values are rejected with the path of the offending field.
 *
 * @example
 * ```ts
 * const result = editOperationSchema.safeParse({ type: "split_item", item_id: "clip-1", at_seconds: 4.5 });
 * if (result.success) result.data.type; // "split_item"
 *
 * editOperationSchema.safeParse({ type: "warp_item" }).error?.issues[0]?.path; // ["type"]
 * ```
 */
export const editOperationSchema = z
  .discriminatedUnion("type", [
    setTitleOperationSchema,
    removeItemOperationSchema,
    setItemTimingOperationSchema,
    setItemSourceOperationSchema,
    setItemAudioOperationSchema,
    setAudioLevelsOperationSchema,
    setItemAnimationOperationSchema,
    setItemMotionOperationSchema,
    applyItemTransitionOperationSchema,
    splitItemOperationSchema,
    setItemTransformOperationSchema,
    moveItemToTrackOperationSchema,
    setItemLayerOrderOperationSchema,
    addSolidOperationSchema,
    addTextOperationSchema,
    updateTextOperationSchema,
    addCaptionsOperationSchema,
    updateCaptionsOperationSchema,
    generateCaptionsFromItemsOperationSchema,
    addSoundEffectOperationSchema,
    addVoiceoverOperationSchema,
  ])
  .describe("One edit operation; `type` selects which.");
/** One edit operation of a PATCH; narrow on `type` to reach its fields. */
export type EditOperation = z.output<typeof editOperationSchema>;

/** The schema of each operation, keyed by wire name; the key always matches the schema's `type`. */
export type EditOperationSchemaMap = {
  readonly [Type in EditOperationType]: z.ZodType<Extract<EditOperation, { type: Type }>>;
};

/**
 * Every operation schema by wire name, for generators that document or expose each
 * operation on its own (OpenAPI components, `skill.md`, MCP tools).
 *
 * @example
 * ```ts
 * for (const type of EDIT_OPERATION_TYPES) {
 *   console.log(type, editOperationSchemas[type].description);
 * }
 * ```
 */
export const editOperationSchemas: EditOperationSchemaMap = {
  set_title: setTitleOperationSchema,
  remove_item: removeItemOperationSchema,
  set_item_timing: setItemTimingOperationSchema,
  set_item_source: setItemSourceOperationSchema,
  set_item_audio: setItemAudioOperationSchema,
  set_audio_levels: setAudioLevelsOperationSchema,
  set_item_animation: setItemAnimationOperationSchema,
  set_item_motion: setItemMotionOperationSchema,
  apply_item_transition: applyItemTransitionOperationSchema,
  split_item: splitItemOperationSchema,
  set_item_transform: setItemTransformOperationSchema,
  move_item_to_track: moveItemToTrackOperationSchema,
  set_item_layer_order: setItemLayerOrderOperationSchema,
  add_solid: addSolidOperationSchema,
  add_text: addTextOperationSchema,
  update_text: updateTextOperationSchema,
  add_captions: addCaptionsOperationSchema,
  update_captions: updateCaptionsOperationSchema,
  generate_captions_from_items: generateCaptionsFromItemsOperationSchema,
  add_sound_effect: addSoundEffectOperationSchema,
  add_voiceover: addVoiceoverOperationSchema,
};
