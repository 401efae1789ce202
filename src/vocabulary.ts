/**
 * The closed word lists of the API, written once and free of zod: the engine imports them
 * directly, and the schemas wrap them with `z.enum`, so a new word reaches validation, the
 * OpenAPI document and the engine together.
 *
 * @module
 */

/** Every audio role of a timeline sound (spec 4.14 `audio_role`), in the spec's order. */
export const AUDIO_ROLES = [
  "source_video",
  "audio",
  "music",
  "voice",
  "voiceover",
  "sound_effect",
] as const;
/** The audio role of an audio timeline item: what the sound is for. */
export type AudioRole = (typeof AUDIO_ROLES)[number];

/** Every kind of timeline item (spec 2.7). */
export const EDITOR_ITEM_TYPES = [
  "video",
  "image",
  "gif",
  "audio",
  "text",
  "captions",
  "solid",
] as const;
/** Every kind of timeline item. */
export type EditorItemType = (typeof EDITOR_ITEM_TYPES)[number];

/** The item types that carry sound, selectable by `set_audio_levels` `item_types`. */
export const SOUND_ITEM_TYPES = ["audio", "video"] as const;
/** An item type that carries sound. */
export type SoundItemType = (typeof SOUND_ITEM_TYPES)[number];

/** Kinds of media an editor asset can hold. */
export const EDITOR_ASSET_TYPES = ["video", "image", "gif", "audio"] as const;
/** Kinds of media an asset can hold. */
export type EditorAssetType = (typeof EDITOR_ASSET_TYPES)[number];

/** Kinds of media in My Media (spec 2.8); `voice` is a subset of audio. */
export const MEDIA_TYPES = ["image", "video", "audio", "voice"] as const;
/** Kind of a My Media item. */
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Aspect ratios an editor project can have (spec 4.12). */
export const EDITOR_ASPECT_RATIOS = ["9:16", "16:9", "1:1", "4:5"] as const;
/** Aspect ratio of an editor project. */
export type EditorAspectRatio = (typeof EDITOR_ASPECT_RATIOS)[number];

/** How an item enters or leaves (spec 4.14 animation config `type`). */
export const ANIMATION_TYPES = [
  "none",
  "fade",
  "slide",
  "scale",
  "bounce",
  "flip",
  "zoom",
  "glitch",
  "swipe",
  "float",
  "snap",
] as const;
/** How an item enters or leaves; `none` shows or hides it instantly. */
export type AnimationType = (typeof ANIMATION_TYPES)[number];

/** The sides an animation or motion moves from or towards. */
export const ANIMATION_DIRECTIONS = ["left", "right", "top", "bottom"] as const;
/** The side an animation or motion moves from or towards. */
export type AnimationDirection = (typeof ANIMATION_DIRECTIONS)[number];

/** Kinds of continuous motion an item can have (`set_item_motion`). */
export const MOTION_TYPES = [
  "none",
  "pan",
  "zoom_in",
  "zoom_out",
  "ken_burns",
  "shake",
  "float",
] as const;
/** Kind of continuous motion; `none` removes motion. */
export type MotionType = (typeof MOTION_TYPES)[number];

/**
 * Every webhook event type, in the order the OpenAPI document lists them. A webhook
 * endpoint subscribes to some of them (its `events`); each event reports a record as its
 * GET endpoint returns it.
 */
export const WEBHOOK_EVENT_TYPES = [
  "generation.completed",
  "generation.failed",
  "slideshow.completed",
  "slideshow.failed",
  "video.completed",
  "video.failed",
  "reference_inspiration.analyzed",
  "reference_inspiration.analysis_failed",
  "editor_video.exported",
  "editor_video.export_failed",
] as const;
/** A webhook event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The steps of a faceless video's workflow after its script, in order (DESIGN 2a). GET
 * /videos/{id} reports the one a video is in as `step`.
 */
export const FACELESS_STEPS = [
  "scenes",
  "visuals",
  "voice",
  "word_timing",
  "project",
  "render",
] as const;
/** A step of a faceless video's workflow. */
export type FacelessStep = (typeof FACELESS_STEPS)[number];

/** The steps of a slideshow's workflow, in order. */
export const SLIDESHOW_STEPS = ["slides", "visuals", "project", "render"] as const;
/** A step of a slideshow's workflow. */
export type SlideshowStep = (typeof SLIDESHOW_STEPS)[number];

/** Every value of a product's `step`: a step of either workflow, or `done`. */
export const PRODUCT_STEPS = [...FACELESS_STEPS, "slides", "done"] as const satisfies readonly (
  | FacelessStep
  | SlideshowStep
  | "done"
)[];
/** The step a faceless video or a slideshow is in. */
export type ProductStep = (typeof PRODUCT_STEPS)[number];

/**
 * Every caption look preset (an extension): `bold_pop` bold outlined words with the
 * spoken word in an accent colour; `boxed` a rounded box behind the spoken word;
 * `one_word` one word at a time, popping in as it is spoken; `impact` upper-case condensed
 * type; `minimal` a clean subtitle on a translucent dark box.
 */
export const CAPTION_PRESETS = ["bold_pop", "boxed", "one_word", "impact", "minimal"] as const;
/** A caption look preset: defaults for the style fields it leaves unset. */
export type CaptionPreset = (typeof CAPTION_PRESETS)[number];

/** How text is cased when drawn (an extension): as written, upper case or lower case. */
export const TEXT_TRANSFORMS = ["none", "uppercase", "lowercase"] as const;
/** How text is cased when drawn. */
export type TextTransform = (typeof TEXT_TRANSFORMS)[number];

/** What a caption page shows (an extension): the whole page, or only the word being spoken. */
export const CAPTION_DISPLAYS = ["page", "word"] as const;
/** What a caption page shows. */
export type CaptionDisplay = (typeof CAPTION_DISPLAYS)[number];
