/**
 * Prices the contract leaves open (spec 8: "credit amounts per operation: not shown").
 * Each is recorded in `docs/spec-decisions.md`; a host passes its own table to the
 * pricing functions to change them.
 *
 * @module
 */

/** Credit amounts for everything the catalog does not price itself. */
export interface PriceTable {
  /** Credits per static ad generation: static ad templates carry no price. */
  readonly staticAdCredits: number;
  /** Credits per video or UGC ad generation whose quality tier has `credits: null`. */
  readonly qualityTierCredits: number;
  /** Credits per AI model generation whose variant has `credits: null`. */
  readonly modelVariantCredits: number;
  /** Credits per slide of a slideshow. */
  readonly slideshowCreditsPerSlide: number;
  /** Credits per started block of voiceover words. */
  readonly voiceoverCreditsPerBlock: number;
  /** Spoken words in one voiceover block. */
  readonly voiceoverWordsPerBlock: number;
  /** Credits per started minute of an editor project's MP4 export (an extension). */
  readonly editorExportCreditsPerMinute: number;
}

/** Credits per started minute of an MP4 export in the default prices. */
export const EDITOR_EXPORT_CREDITS_PER_MINUTE_DEFAULT = 5;

/**
 * The default prices: a static ad costs 20 credits, a video or UGC ad tier without a
 * price 100, an AI model variant without a price 50, a slideshow 10 per slide (60 for the
 * default 6 slides), and a voiceover 5 per started 100 spoken words (25 at most for the
 * 465-word limit). They sit in scale with the one price the contract fixes, 30 credits
 * per analysed reference item. An MP4 export of an editor project costs 5 per started minute.
 */
export const DEFAULT_PRICES: PriceTable = Object.freeze({
  staticAdCredits: 20,
  qualityTierCredits: 100,
  modelVariantCredits: 50,
  slideshowCreditsPerSlide: 10,
  voiceoverCreditsPerBlock: 5,
  voiceoverWordsPerBlock: 100,
  editorExportCreditsPerMinute: EDITOR_EXPORT_CREDITS_PER_MINUTE_DEFAULT,
});
