/**
 * The arithmetic of a generation batch's price: what one generation costs, from the price
 * the chosen catalog entry carries or the price table, times the number of generations.
 * Which entry a request chooses is decided where the generation rules live, in the
 * service.
 *
 * @module
 */

import { ok, type Result } from "../result.js";
import { REQUEST_COUNT_MAX, REQUEST_COUNT_MIN } from "../schemas/limits.js";
import { DEFAULT_PRICES, type PriceTable } from "./default-prices.js";
import { type GenerationQuote, type PricingFailure, pricingFailure } from "./pricing.js";

/**
 * The catalog entry a generation is priced by: a static ad template (the catalog gives it
 * no price), or the quality tier or model variant whose `credits` the catalog gives,
 * null when it leaves that to the price table.
 */
export type GenerationPriceSource =
  | { readonly kind: "static_ad" }
  | { readonly kind: "quality_tier"; readonly credits: number | null }
  | { readonly kind: "model_variant"; readonly credits: number | null };

/** A generation batch to price: the entry each generation is priced by, and how many. */
export interface GenerationPricing {
  /** The chosen catalog entry's price. */
  readonly source: GenerationPriceSource;
  /** How many generations the batch queues, as the request gives it. */
  readonly requestCount: number;
}

function creditsPerGeneration(source: GenerationPriceSource, prices: PriceTable): number {
  switch (source.kind) {
    case "static_ad":
      return prices.staticAdCredits;
    case "quality_tier":
      return source.credits ?? prices.qualityTierCredits;
    case "model_variant":
      return source.credits ?? prices.modelVariantCredits;
  }
}

/**
 * Prices a generation batch: static ads cost the table's static ad price, a quality tier
 * or model variant its `credits`, or the table's price when that is null; the batch costs
 * that times `requestCount`. A count that is not a whole number from 1 to 10 is a
 * `bad_request` on `request_count`.
 *
 * @example
 * ```ts
 * const result = quoteGeneration({ source: { kind: "quality_tier", credits: 120 }, requestCount: 3 });
 * if (result.ok) result.value; // { creditsPerGeneration: 120, requestCount: 3, totalCredits: 360 }
 * ```
 */
export function quoteGeneration(
  { source, requestCount }: GenerationPricing,
  prices: PriceTable = DEFAULT_PRICES,
): Result<GenerationQuote, PricingFailure> {
  if (
    !Number.isInteger(requestCount) ||
    requestCount < REQUEST_COUNT_MIN ||
    requestCount > REQUEST_COUNT_MAX
  ) {
    return pricingFailure(
      "bad_request",
      "request_count",
      `request_count must be a whole number from ${REQUEST_COUNT_MIN} to ${REQUEST_COUNT_MAX}.`,
    );
  }
  const perGeneration = creditsPerGeneration(source, prices);
  return ok({
    creditsPerGeneration: perGeneration,
    requestCount,
    totalCredits: perGeneration * requestCount,
  });
}
