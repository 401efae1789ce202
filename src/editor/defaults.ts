/**
 * Values the engine gives new items when an operation leaves a field out, and the layout
 * estimates behind front-layer slotting. Contract-level defaults (item length, transition
 * overlap, playback rate) live in `schemas/limits.ts`; these are the engine's own.
 *
 * @module
 */
import { AUDIO_FADE_MIN_SECONDS, OPACITY_MAX } from "../schemas/limits.js";
import type { MediaFit } from "./items.js";

/** Timeline start of an added item when `from_seconds` is omitted. */
export const FROM_DEFAULT_SECONDS = 0;
/** Source offset of an added sound when `source_start_seconds` is omitted. */
export const SOURCE_START_DEFAULT_SECONDS = 0;
/** Gain of an added sound when `volume_db` is omitted: the source level. */
export const VOLUME_DB_DEFAULT = 0;
/** Audio fade of an added sound when a fade is omitted: none. */
export const AUDIO_FADE_DEFAULT_SECONDS = AUDIO_FADE_MIN_SECONDS;
/** Opacity of an added item when none is given: opaque. */
export const OPACITY_DEFAULT = OPACITY_MAX;
/** How added pictures fill their box. */
export const MEDIA_FIT_DEFAULT: MediaFit = "cover";
/** Fill colour of an added solid when its style names none. */
export const SOLID_COLOR_DEFAULT = "#000000";

/** Font size assumed for text whose style sets none, in composition pixels. */
export const TEXT_FONT_SIZE_DEFAULT = 64;
/** Font size assumed for captions whose style sets none, in composition pixels. */
export const CAPTIONS_FONT_SIZE_DEFAULT = 56;
/**
 * Weight of text and captions whose style (and preset) sets none: bold, which holds up
 * on busy footage where a regular weight thins out.
 */
export const TEXT_FONT_WEIGHT_DEFAULT = "700";
/**
 * Outline of text and captions whose style sets no `stroke_width` and no background
 * box, as a fraction of the font size: a black edge that keeps white letters readable
 * on white footage (and is invisible on black).
 */
export const TEXT_STROKE_RATIO_DEFAULT = 0.07;
/** Outline colour where the style sets none. */
export const TEXT_STROKE_COLOR_DEFAULT = "#000000";
/** Colour of the spoken word when a captions style sets no highlight at all: a warm yellow. */
export const CAPTIONS_HIGHLIGHT_COLOR_DEFAULT = "#ffd60a";
/** Line height assumed when a style sets none, as a multiple of the font size. */
export const LINE_HEIGHT_DEFAULT = 1.2;
/** Caption lines assumed when a style sets no `max_lines`. */
export const CAPTION_LINES_DEFAULT = 2;
/**
 * Most words of an entry's last caption page that join the page before when they fit
 * on it, rather than showing alone: a lone word.
 */
export const CAPTION_TAIL_WORDS_MAX = 1;
/** Average glyph advance as a fraction of the font size; sizes a text box before rendering. */
export const GLYPH_WIDTH_RATIO = 0.55;
/** Width of an added text or captions box as a fraction of the composition width. */
export const TEXT_BOX_WIDTH_RATIO = 0.8;
/** Space above and below the lines of a text box, each as a fraction of the font size. */
export const TEXT_BOX_PADDING_RATIO = 0.25;
/** Where added text centres vertically when free, as a fraction of the composition height. */
export const TEXT_CENTER_RATIO = 0.5;
/** Where added captions centre vertically when free: the lower part, clear of most faces. */
export const CAPTIONS_CENTER_RATIO = 0.75;
/** Whether generated captions start a new entry after sentence punctuation, when the style does not say. */
export const SPLIT_ON_PUNCTUATION_DEFAULT = true;
