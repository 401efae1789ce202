/**
 * What the script writer plans besides the script: the scenes of a faceless video and
 * the slides of a slideshow. A language model fills these with structured output; the
 * service has a deterministic default for each (`planScenesBySentences`,
 * `planSlidesFromBrief`), which the simulated writer uses.
 *
 * @module
 */

/** A brand kit as the planners see it: its name and its free-form data. */
export interface BrandKitBrief {
  /** The kit's name. */
  readonly name: string;
  /** Colours, fonts, tone and whatever else the workspace keeps (`kit_data`). */
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a faceless video's scenes are planned from. */
export interface ScenePlanRequest {
  /** The narration, to be divided into scenes whole and in order. */
  readonly script: string;
  /** The brief the script was written from; null when the script was given. */
  readonly prompt: string | null;
  /** Language of the narration, such as `en`. */
  readonly language: string;
  /** The requested length of the video in seconds. */
  readonly durationSeconds: number;
  /** Spoken words per second of the chosen voice. */
  readonly wordsPerSecond: number;
  /** Aspect ratio of the video, such as `9:16`. */
  readonly aspectRatio: string;
  /** The requested image style (`image_style`). */
  readonly imageStyle: string;
  /** Further named styles, `selected_ai_styles` then `selected_flux_dev_styles`. */
  readonly styles: readonly string[];
  /** Product or style images the visuals should follow. */
  readonly referenceImageUrls: readonly string[];
  /** The brand kit, when the request names one. */
  readonly brandKit: BrandKitBrief | null;
}

/** One scene: the words it narrates, what it shows, and about how long it lasts. */
export interface PlannedScene {
  /**
   * The narration of the scene: the next words of the script, in order. The scenes'
   * texts together are the script's words, each exactly once.
   */
  readonly text: string;
  /** What the scene's visual shows, written for an image model. */
  readonly visualPrompt: string;
  /** About how long the scene lasts, in seconds; the narration sets the real length. */
  readonly targetSeconds: number;
}

/** What a slideshow's slides are planned from. */
export interface SlidePlanRequest {
  /** What the slideshow is about; null when not given. */
  readonly prompt: string | null;
  /** Facts about the product; null when not given. */
  readonly productContext: string | null;
  /** The slideshow's title. */
  readonly title: string;
  /** How many slides to plan. */
  readonly slideCount: number;
  /** Language of the slide text, such as `English`. */
  readonly language: string;
  /** Aspect ratio of the slides, such as `4:5`. */
  readonly aspectRatio: string;
  /** Product, avatar and reference images the visuals should follow. */
  readonly referenceImageUrls: readonly string[];
  /** The brand kit, when the request names one. */
  readonly brandKit: BrandKitBrief | null;
}

/** One slide: its headline and what its visual shows. */
export interface PlannedSlide {
  /** The slide's headline, shown as its text overlay when overlays are asked for. */
  readonly headline: string;
  /** What the slide's visual shows, written for an image model. */
  readonly visualPrompt: string;
}
