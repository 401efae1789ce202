/**
 * The render plan: what a renderer needs to turn a stretch of an editor timeline into
 * pictures and sound, with every editor convention already resolved. Times are seconds
 * on the output (0 is the first output frame; an item that began before the rendered
 * range has a negative start), sizes are output pixels, colours are numbers, and layers
 * come in paint order. A renderer reads the plan alone, never the editor state.
 *
 * @module
 */
import type { AnimationType, AudioRole, MotionType } from "../../vocabulary.js";
import type { MediaFit } from "../items.js";

/** A colour: 8-bit red, green and blue, and an alpha from 0 (transparent) to 1 (opaque). */
export interface RgbaColor {
  /** Red, 0 to 255. */
  readonly red: number;
  /** Green, 0 to 255. */
  readonly green: number;
  /** Blue, 0 to 255. */
  readonly blue: number;
  /** Alpha, 0 to 1. */
  readonly alpha: number;
}

/** A half-open stretch of output time, `[startSeconds, endSeconds)`. */
export interface TimeWindow {
  /** First instant, in output seconds. */
  readonly startSeconds: number;
  /** First instant after the window, in output seconds. */
  readonly endSeconds: number;
}

/** A rectangle in output pixels; fractions are kept, the renderer rounds. */
export interface PlanBox {
  /** Left edge. */
  readonly left: number;
  /** Top edge. */
  readonly top: number;
  /** Width, > 0. */
  readonly width: number;
  /** Height, > 0. */
  readonly height: number;
}

/** Kinds of media file a plan reads. */
export type RenderInputKind = "video" | "image" | "gif" | "audio";

/** A media file the render reads: one per asset used in the range. */
export interface RenderInput {
  /** The asset id; layers and sounds name their input by it. */
  readonly id: string;
  /** What the file holds. */
  readonly kind: RenderInputKind;
  /** Where the bytes come from; a renderer reads it through its own media reader. */
  readonly url: string;
  /** Length of the media in seconds, when the state knows it. */
  readonly durationSeconds: number | null;
}

/** How a layer or sound reads its source over time. */
export interface SourceTiming {
  /** Source position, in seconds, shown or heard at the item's `window.startSeconds`. */
  readonly startSeconds: number;
  /** Source seconds played per output second (1 is normal speed). */
  readonly playbackRate: number;
  /**
   * Length after which the source starts over (a GIF's loop), or null when it plays once;
   * `startSeconds` is already brought inside the loop when the length is known.
   */
  readonly loopSeconds: number | null;
  /** Whether the source repeats from its start when it ends (GIFs do). */
  readonly loops: boolean;
}

/** The look of a layer at one instant, relative to its resting place. */
export interface LayerPose {
  /** Opacity multiplier, 0 to 1. */
  readonly opacity: number;
  /** Horizontal size multiplier around the layer's anchor. */
  readonly scaleX: number;
  /** Vertical size multiplier around the layer's anchor. */
  readonly scaleY: number;
  /** Horizontal shift in output pixels, positive to the right. */
  readonly offsetX: number;
  /** Vertical shift in output pixels, positive downwards. */
  readonly offsetY: number;
}

/**
 * What an animation draws. Every requested animation type maps to one of these (the
 * types without a drawing of their own map to the nearest; see `docs/rendering.md`).
 */
export type AnimationEffect = "fade" | "slide" | "scale" | "zoom" | "flip";

/**
 * An enter or exit animation resolved to an absolute window: the pose moves linearly
 * from `from` to `to` over the window. An enter animation ends at rest; an exit
 * animation starts at rest. On a half of a split item the window may reach past the
 * layer's own (a fade-in begun before the half starts is partly done when it does).
 */
export interface PlannedAnimation {
  /** `enter` at the item's start, `exit` at its end. */
  readonly phase: "enter" | "exit";
  /** What the item asked for: an animation type, or `text_fade` for a text style fade. */
  readonly requested: AnimationType | "text_fade";
  /** What is drawn. */
  readonly effect: AnimationEffect;
  /** When the pose changes, in output seconds. */
  readonly window: TimeWindow;
  /** Pose at the window's start (and before it, for an enter animation). */
  readonly from: LayerPose;
  /** Pose at the window's end (and after it, for an exit animation). */
  readonly to: LayerPose;
}

/** A moving pose of a motion cycle: content zoom and shift. */
export interface MotionPose {
  /** Size multiplier, at least 1 on media (the box stays filled). */
  readonly scale: number;
  /** Horizontal shift in output pixels. */
  readonly offsetX: number;
  /** Vertical shift in output pixels. */
  readonly offsetY: number;
}

/** A sine sway added to a motion: shake and float. */
export interface MotionSway {
  /** Horizontal amplitude in output pixels. */
  readonly amplitudeX: number;
  /** Vertical amplitude in output pixels. */
  readonly amplitudeY: number;
  /** Seconds per horizontal swing. */
  readonly periodXSeconds: number;
  /** Seconds per vertical swing. */
  readonly periodYSeconds: number;
}

/**
 * Continuous motion resolved to absolute times (on a half of a split item, from where it
 * stood in the whole it was cut from, so `window` may start before the layer's). Within `window`, each cycle of
 * `cycleSeconds` moves linearly from `from` to `to` (and starts over when `loops`, else
 * holds `to`); `sway`, when set, adds a sine shift while the window lasts. On media the
 * motion moves the picture inside its box (a camera move, `target: "content"`; `from`
 * and `to` then zoom enough that the box stays filled); on text, captions and solids it
 * moves the whole layer (`target: "layer"`).
 */
export interface PlannedMotion {
  /** The motion type asked for. */
  readonly type: Exclude<MotionType, "none">;
  /** What moves. */
  readonly target: "content" | "layer";
  /** When the motion runs, in output seconds. */
  readonly window: TimeWindow;
  /** Length of one cycle, in seconds, > 0. */
  readonly cycleSeconds: number;
  /** Whether cycles repeat until the window ends. */
  readonly loops: boolean;
  /** Pose at each cycle's start. */
  readonly from: MotionPose;
  /** Pose at each cycle's end. */
  readonly to: MotionPose;
  /** Sine sway added during the window, or null. */
  readonly sway: MotionSway | null;
}

/** Fields every visual layer has. */
export interface LayerBase {
  /** The item drawn. */
  readonly itemId: string;
  /** Index of the item's track; 0 is the front-most track. */
  readonly trackIndex: number;
  /** The item's whole time on the output, possibly reaching outside the range. */
  readonly window: TimeWindow;
  /** The part of `window` inside the rendered range; never empty. */
  readonly visible: TimeWindow;
  /** The item's box in output pixels. */
  readonly box: PlanBox;
  /** Resting opacity, 0 to 1. */
  readonly opacity: number;
  /** Enter and exit animations (and text style fades), in time order. */
  readonly animations: readonly PlannedAnimation[];
  /** Continuous motion, or null. */
  readonly motion: PlannedMotion | null;
}

/** A video, image or GIF drawn in its box. */
export interface MediaLayer extends LayerBase {
  /** Kind of media item. */
  readonly kind: "video" | "image" | "gif";
  /** Id of the {@link RenderInput} shown. */
  readonly inputId: string;
  /** `cover` fills the box and crops; `contain` fits inside it and leaves the rest clear. */
  readonly fit: MediaFit;
  /** How the source plays; null for a still image. */
  readonly source: SourceTiming | null;
}

/** A filled rectangle, possibly rounded and rotated about its centre. */
export interface SolidLayer extends LayerBase {
  /** Discriminant. */
  readonly kind: "solid";
  /** Fill colour (its alpha multiplies the layer's opacity). */
  readonly color: RgbaColor;
  /** Corner radius in output pixels, at most half the shorter side. */
  readonly radiusPixels: number;
  /** Clockwise rotation in degrees. */
  readonly rotationDegrees: number;
}

/** The resolved look of text and captions. */
export interface PlannedTextStyle {
  /** Font family asked for, or null for the renderer's default font. */
  readonly fontFamily: string | null;
  /** Font size (em size) in output pixels. */
  readonly fontSizePixels: number;
  /** Weight from 100 to 900 (400 regular, 700 bold). */
  readonly fontWeight: number;
  /** Fill colour of the letters. */
  readonly color: RgbaColor;
  /** Horizontal alignment inside the box. */
  readonly align: "left" | "center" | "right";
  /** Line height as a multiple of the font size. */
  readonly lineHeight: number;
  /** Extra space between letters in output pixels. */
  readonly letterSpacingPixels: number;
  /** Writing direction. */
  readonly direction: "ltr" | "rtl";
  /** Outline around the letters, or null. */
  readonly stroke: { readonly widthPixels: number; readonly color: RgbaColor } | null;
  /** Drop shadow under the letters and under the background box, or null. */
  readonly shadow: { readonly offsetPixels: number; readonly color: RgbaColor } | null;
  /** Box behind the text, or null. */
  readonly background: {
    readonly color: RgbaColor;
    readonly horizontalPaddingPixels: number;
    readonly verticalPaddingPixels: number;
    readonly radiusPixels: number;
  } | null;
}

/** A text overlay. */
export interface TextLayer extends LayerBase {
  /** Discriminant. */
  readonly kind: "text";
  /** The text, with its line breaks. */
  readonly text: string;
  /** How it looks. */
  readonly style: PlannedTextStyle;
}

/** How long the spoken word takes to settle from its `highlight_scale` to its own size. */
export const HIGHLIGHT_POP_SECONDS = 0.12;

/** One timed word on a caption page. */
export interface CaptionPageWord {
  /** The word as shown. */
  readonly text: string;
  /** When it is spoken, in output seconds. */
  readonly startSeconds: number;
  /** When it ends, in output seconds. */
  readonly endSeconds: number;
}

/** What one caption page shows and when. */
export interface CaptionPage {
  /** When the page is on screen, in output seconds, inside the item's window. */
  readonly window: TimeWindow;
  /** The page text. */
  readonly text: string;
  /** The page's words with their timing, when the captions carry word timing. */
  readonly words: readonly CaptionPageWord[];
  /**
   * Indices in `words` of the words that start a line after the first: the page's
   * lines as laid out when it was cut, which the renderer breaks at. Empty for one line
   * and for pages without word timing (the renderer wraps those itself).
   */
  readonly lineStarts: readonly number[];
}

/** Timed captions with an optional highlight of the word being spoken. */
export interface CaptionsLayer extends LayerBase {
  /** Discriminant. */
  readonly kind: "captions";
  /** How the text looks. */
  readonly style: PlannedTextStyle;
  /** How the spoken word stands out, or null for no highlight. */
  readonly highlight: {
    readonly color: RgbaColor | null;
    readonly backgroundColor: RgbaColor | null;
    /** Corner radius of the box behind the spoken word, in output pixels. */
    readonly radiusPixels: number;
    /** Size the spoken word pops in from (1: no pop), settling over 0.12 s. */
    readonly scale: number;
  } | null;
  /** `page`: the whole page shows; `word`: only the spoken word (the last one begun). */
  readonly display: "page" | "word";
  /** Pages overlapping the rendered range, in time order. */
  readonly pages: readonly CaptionPage[];
}

/** One layer of the picture. */
export type PlannedLayer = MediaLayer | SolidLayer | TextLayer | CaptionsLayer;

/** One sound of the mix. */
export interface PlannedSound {
  /** The item heard. */
  readonly itemId: string;
  /** A video's own sound or an audio item. */
  readonly kind: "video" | "audio";
  /** Id of the {@link RenderInput} heard. */
  readonly inputId: string;
  /** What the sound is for, when known. */
  readonly audioRole: AudioRole | null;
  /** The item's whole time on the output. */
  readonly window: TimeWindow;
  /** The part of `window` inside the rendered range; never empty. */
  readonly visible: TimeWindow;
  /** How the source plays. */
  readonly source: SourceTiming;
  /** Gain in decibels. */
  readonly volumeDb: number;
  /**
   * What the fades are timed over: `window` itself, or, for a half of a split item, the
   * longer whole it was cut from, so its fades go on where they stood (a fade-in begun
   * before the sound starts is already partly up when it does).
   */
  readonly fadeWindow: TimeWindow;
  /** Fade-in from `fadeWindow`'s start, in seconds; with the fade-out, at most its length. */
  readonly fadeInSeconds: number;
  /** Fade-out to `fadeWindow`'s end, in seconds; with the fade-in, at most its length. */
  readonly fadeOutSeconds: number;
}

/** Everything needed to render a stretch of a timeline. */
export interface RenderPlan {
  /** Output width in pixels (even). */
  readonly width: number;
  /** Output height in pixels (even). */
  readonly height: number;
  /** Output frames per second. */
  readonly fps: number;
  /** Output pixels per composition pixel. */
  readonly pixelScale: number;
  /** Timeline position, in seconds, of the first output frame. */
  readonly startSeconds: number;
  /** Number of output frames, >= 1. */
  readonly frameCount: number;
  /** Output length: `frameCount / fps` seconds. */
  readonly durationSeconds: number;
  /** Colour behind every layer. */
  readonly background: RgbaColor;
  /** Media files read, one per asset used. */
  readonly inputs: readonly RenderInput[];
  /** Visual layers in paint order: the back-most first, the front-most (`tracks[0]`) last. */
  readonly layers: readonly PlannedLayer[];
  /** Sounds mixed together; silence where none plays. */
  readonly sounds: readonly PlannedSound[];
}
