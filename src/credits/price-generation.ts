/**
 * The price of a POST /generations request: the per-generation price of the chosen
 * template tier or model variant, times `request_count`.
 *
 * @module
 */

import { type Err, ok, type Result } from "../result.js";
import {
  QUALITY_TIER_DEFAULT,
  REQUEST_COUNT_DEFAULT,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_MIN,
} from "../schemas/limits.js";
import { DEFAULT_PRICES, type PriceTable } from "./default-prices.js";
import {
  type GenerationPricingRequest,
  type GenerationQuote,
  type PricingCatalog,
  type PricingFailure,
  pricingFailure,
} from "./pricing.js";

/**
 * Prices a generation batch. Static ads cost the table's static ad price; video and UGC
 * ads cost their quality tier's `credits` (tier `high` by default); AI model generations
 * cost their variant's `credits` (the model's default variant by default). A tier or
 * variant whose `credits` is null costs the table's fallback. An unknown template, tier,
 * model or variant, or a count outside 1 to 10, is a `bad_request` naming the field.
 *
 * @example
 * ```ts
 * const result = priceGeneration({ type: "video_ad", template_slug: "unboxing", request_count: 3 }, catalog);
 * if (result.ok) result.value; // { creditsPerGeneration: 120, requestCount: 3, totalCredits: 360 }
 * ```
 */
export function priceGeneration(
  request: GenerationPricingRequest,
  catalog: PricingCatalog,
  prices: PriceTable = DEFAULT_PRICES,
): Result<GenerationQuote, PricingFailure> {
  const requestCount = request.request_count ?? REQUEST_COUNT_DEFAULT;
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
  const perGeneration = creditsPerGeneration(request, catalog, prices);
  if (typeof perGeneration !== "number") return perGeneration;
  return ok({
    creditsPerGeneration: perGeneration,
    requestCount,
    totalCredits: perGeneration * requestCount,
  });
}

function creditsPerGeneration(
  request: GenerationPricingRequest,
  catalog: PricingCatalog,
  prices: PriceTable,
): number | Err<PricingFailure> {
  switch (request.type) {
    case "static_ad": {
      const found = findTemplate(catalog.static_ads, request.template_slug, "static_ad");
      return found.ok ? prices.staticAdCredits : found;
    }
    case "video_ad":
    case "ugc_ad":
      return videoTierCredits(request, request.type, { catalog, prices });
    case "ai_model":
      return modelVariantCredits(request, catalog, prices);
  }
}

function videoTierCredits(
  request: GenerationPricingRequest,
  type: "video_ad" | "ugc_ad",
  { catalog, prices }: { catalog: PricingCatalog; prices: PriceTable },
): number | Err<PricingFailure> {
  const templates = type === "video_ad" ? catalog.video_ads : catalog.ugc_ads;
  const found = findTemplate(templates, request.template_slug, type);
  if (!found.ok) return found;
  const template = found.value;
  const tierId = request.quality_tier ?? QUALITY_TIER_DEFAULT;
  const tier = template.quality_tiers.find((candidate) => candidate.id === tierId);
  if (tier === undefined) {
    return pricingFailure(
      "bad_request",
      "quality_tier",
      `Template ${template.slug} has no quality tier ${tierId}.`,
    );
  }
  return tier.credits ?? prices.qualityTierCredits;
}

function modelVariantCredits(
  request: GenerationPricingRequest,
  catalog: PricingCatalog,
  prices: PriceTable,
): number | Err<PricingFailure> {
  if (request.model_slug === undefined) {
    return pricingFailure("bad_request", "model_slug", "An ai_model generation needs model_slug.");
  }
  const model = catalog.ai_models.find((candidate) => candidate.slug === request.model_slug);
  if (model === undefined) {
    return pricingFailure(
      "bad_request",
      "model_slug",
      `The catalog has no AI model ${request.model_slug}.`,
    );
  }
  const variantId = request.variant_id ?? model.default_variant_id;
  const variant = model.variants.find((candidate) => candidate.id === variantId);
  if (variant === undefined) {
    return pricingFailure(
      "bad_request",
      "variant_id",
      `Model ${model.slug} has no variant ${variantId}.`,
    );
  }
  return variant.credits ?? prices.modelVariantCredits;
}

function findTemplate<Template extends { readonly slug: string }>(
  templates: readonly Template[],
  slug: string | undefined,
  type: string,
): Result<Template, PricingFailure> {
  if (slug === undefined) {
    return pricingFailure(
      "bad_request",
      "template_slug",
      `A ${type} generation needs template_slug.`,
    );
  }
  const template = templates.find((candidate) => candidate.slug === slug);
  if (template === undefined) {
    return pricingFailure(
      "bad_request",
      "template_slug",
      `The catalog has no ${type} template ${slug}.`,
    );
  }
  return ok(template);
}
