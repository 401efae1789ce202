/**
 * The price of a POST /generations request: the chosen catalog entry's price per
 * generation, times `request_count`.
 *
 * @module
 */
import { DEFAULT_PRICES, type PriceTable } from "../../credits/default-prices.js";
import { type GenerationPriceSource, quoteGeneration } from "../../credits/price-generation.js";
import type { GenerationQuote, PricingFailure } from "../../credits/pricing.js";
import type { Result } from "../../result.js";
import { type CatalogChoice, chooseCatalogEntry } from "./catalog-choice.js";
import type { GenerationPricingRequest, PricingCatalog } from "./generation-catalog.js";

// What the chosen entry says one generation costs, for the arithmetic of credits/.
function priceSourceOf<Entries extends PricingCatalog>(
  choice: CatalogChoice<Entries>,
): GenerationPriceSource {
  switch (choice.type) {
    case "static_ad":
      return { kind: "static_ad" };
    case "video_ad":
    case "ugc_ad":
      return { kind: "quality_tier", credits: choice.qualityTier.credits };
    case "ai_model":
      return { kind: "model_variant", credits: choice.variant.credits };
  }
}

/** Prices a batch of `requestCount` generations of an already chosen catalog entry. */
export function quoteChoice<Entries extends PricingCatalog>(
  choice: CatalogChoice<Entries>,
  {
    requestCount,
    prices,
  }: { readonly requestCount: number; readonly prices?: PriceTable | undefined },
): Result<GenerationQuote, PricingFailure> {
  return quoteGeneration({ source: priceSourceOf(choice), requestCount }, prices);
}

/**
 * Prices a generation batch without queueing it. Static ads cost the table's static ad
 * price; video and UGC ads cost their quality tier's `credits`; AI model generations cost
 * their variant's `credits` (the model's default variant when the request names none). A
 * tier or variant whose `credits` is null costs the table's price. An unknown template,
 * tier, model or variant, or a count outside 1 to 10, is a `bad_request` naming the
 * field. The request carries the schema's defaults: `quality_tier` and `request_count`
 * are given, as `createGenerationRequestSchema` fills them in.
 *
 * @example
 * ```ts
 * const result = priceGeneration(
 *   { type: "video_ad", template_slug: "unboxing", quality_tier: "high", request_count: 3 },
 *   catalog,
 * );
 * if (result.ok) result.value; // { creditsPerGeneration: 120, requestCount: 3, totalCredits: 360 }
 * ```
 */
export function priceGeneration(
  request: GenerationPricingRequest,
  catalog: PricingCatalog,
  prices: PriceTable = DEFAULT_PRICES,
): Result<GenerationQuote, PricingFailure> {
  const choice = chooseCatalogEntry(catalog, request);
  if (!choice.ok) return choice;
  return quoteChoice(choice.value, { requestCount: request.request_count, prices });
}
