/**
 * Pricing a generation batch through the public `priceGeneration`: the request as the
 * service gives it, parsed by the schema with its defaults applied, against a catalog
 * that names only what pricing reads.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES, type PricingCatalog, priceGeneration } from "../../../src/index.js";
import {
  type CreateGenerationRequestInput,
  createGenerationRequestSchema,
} from "../../../src/schemas/generations.js";
import { REQUEST_COUNT_MAX, REQUEST_COUNT_MIN } from "../../../src/schemas/limits.js";

const catalog: PricingCatalog = {
  static_ads: [{ slug: "bold-sale" }],
  video_ads: [
    {
      slug: "unboxing",
      quality_tiers: [
        { id: "high", credits: 120 },
        { id: "low", credits: null },
      ],
    },
  ],
  ugc_ads: [{ slug: "testimonial", quality_tiers: [{ id: "high", credits: 200 }] }],
  ai_models: [
    {
      slug: "veo",
      default_variant_id: "fast",
      variants: [
        { id: "fast", credits: 80 },
        { id: "pro", credits: null },
      ],
    },
  ],
};

// A POST /generations body as the service prices it: parsed, `quality_tier` and
// `request_count` defaulted by the schema.
const parsed = (body: CreateGenerationRequestInput) => createGenerationRequestSchema.parse(body);

describe("priceGeneration", () => {
  it("prices static ads by the default table", () => {
    expect(
      priceGeneration(
        parsed({ type: "static_ad", template_slug: "bold-sale", request_count: 3 }),
        catalog,
      ),
    ).toEqual({
      ok: true,
      value: {
        creditsPerGeneration: DEFAULT_PRICES.staticAdCredits,
        requestCount: 3,
        totalCredits: 60,
      },
    });
  });

  it("prices video and UGC ads by their tier, high by default, and falls back when a tier has no price", () => {
    expect(
      priceGeneration(parsed({ type: "video_ad", template_slug: "unboxing" }), catalog),
    ).toEqual({
      ok: true,
      value: { creditsPerGeneration: 120, requestCount: 1, totalCredits: 120 },
    });
    expect(
      priceGeneration(
        parsed({
          type: "video_ad",
          template_slug: "unboxing",
          quality_tier: "low",
          request_count: 2,
        }),
        catalog,
      ),
    ).toMatchObject({
      ok: true,
      value: { creditsPerGeneration: DEFAULT_PRICES.qualityTierCredits, totalCredits: 200 },
    });
    expect(
      priceGeneration(parsed({ type: "ugc_ad", template_slug: "testimonial" }), catalog),
    ).toMatchObject({
      value: { totalCredits: 200 },
    });
  });

  it("prices AI model generations by their variant, the default variant when omitted", () => {
    expect(
      priceGeneration(parsed({ type: "ai_model", model_slug: "veo", request_count: 10 }), catalog),
    ).toMatchObject({
      value: { creditsPerGeneration: 80, totalCredits: 800 },
    });
    expect(
      priceGeneration(parsed({ type: "ai_model", model_slug: "veo", variant_id: "pro" }), catalog),
    ).toMatchObject({
      value: { creditsPerGeneration: DEFAULT_PRICES.modelVariantCredits },
    });
  });

  it.each([
    [parsed({ type: "static_ad" }), "template_slug"],
    [parsed({ type: "static_ad", template_slug: "unboxing" }), "template_slug"],
    [parsed({ type: "ugc_ad", template_slug: "unboxing" }), "template_slug"],
    [parsed({ type: "ugc_ad", template_slug: "testimonial", quality_tier: "low" }), "quality_tier"],
    [parsed({ type: "ai_model" }), "model_slug"],
    [parsed({ type: "ai_model", model_slug: "sora" }), "model_slug"],
    [parsed({ type: "ai_model", model_slug: "veo", variant_id: "ultra" }), "variant_id"],
    // Counts the schema refuses, given to pricing directly.
    [
      { ...parsed({ type: "static_ad", template_slug: "bold-sale" }), request_count: 11 },
      "request_count",
    ],
    [
      { ...parsed({ type: "static_ad", template_slug: "bold-sale" }), request_count: 1.5 },
      "request_count",
    ],
  ] as const)("answers %o with a bad_request on %s", (request, field) => {
    expect(priceGeneration(request, catalog)).toMatchObject({
      ok: false,
      error: { code: "bad_request", field },
    });
  });

  it("is the per-generation price times the count for every valid count", () => {
    fc.assert(
      fc.property(fc.integer({ min: REQUEST_COUNT_MIN, max: REQUEST_COUNT_MAX }), (count) => {
        const result = priceGeneration(
          parsed({ type: "video_ad", template_slug: "unboxing", request_count: count }),
          catalog,
        );
        expect(result).toEqual({
          ok: true,
          value: { creditsPerGeneration: 120, requestCount: count, totalCredits: 120 * count },
        });
      }),
      { seed: 20260123, numRuns: 20 },
    );
  });

  it("accepts a host's own price table", () => {
    const prices = { ...DEFAULT_PRICES, staticAdCredits: 7 };
    expect(
      priceGeneration(parsed({ type: "static_ad", template_slug: "bold-sale" }), catalog, prices),
    ).toMatchObject({
      value: { totalCredits: 7 },
    });
  });
});
