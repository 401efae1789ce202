/**
 * Prices of the paid actions other than generations: slideshows, faceless videos,
 * reference analyses and voiceovers. Each is charged as one hold.
 *
 * @module
 */

import { ok, type Result } from "../result.js";
import { countSpokenWords } from "../schemas/edit-spoken-words.js";
import { REFERENCE_ANALYSIS_CREDITS_PER_ITEM, SLIDE_COUNT_OPTIONS } from "../schemas/limits.js";
import { DEFAULT_PRICES, type PriceTable } from "./default-prices.js";
import {
  type CreditQuote,
  type FacelessVideoPricingRequest,
  type PricingAssets,
  type PricingFailure,
  pricingFailure,
  type ReferenceAnalysisPricingRequest,
  type SlideshowPricingRequest,
  type VoiceoverPricingRequest,
} from "./pricing.js";

/**
 * Prices a slideshow: the table's price per slide times `slide_count`. A slide count
 * outside 3, 4, 5, 6, 8, 9, 10 is a `bad_request`. The request is the body schema's
 * output, whose defaults are filled in (6 slides).
 *
 * @example
 * ```ts
 * priceSlideshow({ slide_count: 8 }); // { ok: true, value: { totalCredits: 80 } }
 * ```
 */
export function priceSlideshow(
  request: SlideshowPricingRequest,
  prices: PriceTable = DEFAULT_PRICES,
): Result<CreditQuote, PricingFailure> {
  const slideCount = request.slide_count;
  if (!(SLIDE_COUNT_OPTIONS as readonly number[]).includes(slideCount)) {
    return pricingFailure(
      "bad_request",
      "slide_count",
      `slide_count must be one of ${SLIDE_COUNT_OPTIONS.join(", ")}.`,
    );
  }
  return ok({ totalCredits: slideCount * prices.slideshowCreditsPerSlide });
}

/**
 * Prices a faceless video from its voice: `credits_9_16` or `credits_16_9` by aspect
 * ratio. A voice the workspace does not have is a `not_found`; another aspect ratio is a
 * `bad_request`. The request is the body schema's output, whose defaults are filled in
 * (9:16, voice `ash`).
 *
 * @example
 * ```ts
 * const assets = { voices: [{ id: "ash", credits_9_16: 150, credits_16_9: 180 }] };
 * priceFacelessVideo({ aspect_ratio: "16:9", voice_id: "ash" }, assets);
 * // { ok: true, value: { totalCredits: 180 } }
 * ```
 */
export function priceFacelessVideo(
  request: FacelessVideoPricingRequest,
  assets: PricingAssets,
): Result<CreditQuote, PricingFailure> {
  const aspectRatio = request.aspect_ratio;
  if (aspectRatio !== "9:16" && aspectRatio !== "16:9") {
    return pricingFailure("bad_request", "aspect_ratio", "aspect_ratio must be 9:16 or 16:9.");
  }
  const voiceId = request.voice_id;
  const voice = assets.voices.find((candidate) => candidate.id === voiceId);
  if (voice === undefined) {
    return pricingFailure("not_found", "voice_id", `The workspace has no voice ${voiceId}.`);
  }
  const totalCredits = aspectRatio === "9:16" ? voice.credits_9_16 : voice.credits_16_9;
  return ok({ totalCredits });
}

/**
 * Prices a reference inspiration: 30 credits per media item, counting every image URL,
 * every inline image and the video URL. A request with no media is a `bad_request`,
 * since there would be nothing to analyse.
 *
 * @example
 * ```ts
 * priceReferenceAnalysis({ image_urls: ["https://example.com/a.png", "https://example.com/b.png"] });
 * // { ok: true, value: { totalCredits: 60 } }
 * ```
 */
export function priceReferenceAnalysis(
  request: ReferenceAnalysisPricingRequest,
): Result<CreditQuote, PricingFailure> {
  const itemCount =
    (request.image_urls?.length ?? 0) +
    (request.images?.length ?? 0) +
    (request.video_url === undefined ? 0 : 1);
  if (itemCount === 0) {
    return pricingFailure(
      "bad_request",
      "image_urls",
      "A reference needs at least one of image_urls, images or video_url.",
    );
  }
  return ok({ totalCredits: itemCount * REFERENCE_ANALYSIS_CREDITS_PER_ITEM });
}

/**
 * Prices an `add_voiceover`: the table's price per started block of spoken words (5 per
 * 100 by default), at least one block, counted as the word limit counts them.
 *
 * @example
 * ```ts
 * priceVoiceover({ text: "Meet the bottle that keeps coffee hot for twelve hours." });
 * // { ok: true, value: { totalCredits: 5 } }
 * ```
 */
export function priceVoiceover(
  request: VoiceoverPricingRequest,
  prices: PriceTable = DEFAULT_PRICES,
): Result<CreditQuote, PricingFailure> {
  const blocks = Math.max(
    1,
    Math.ceil(countSpokenWords(request.text) / prices.voiceoverWordsPerBlock),
  );
  return ok({ totalCredits: blocks * prices.voiceoverCreditsPerBlock });
}
