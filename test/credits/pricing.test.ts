import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICES,
  type PricingCatalog,
  priceFacelessVideo,
  priceGeneration,
  priceReferenceAnalysis,
  priceSlideshow,
  priceVoiceover,
  pricingApiError,
} from "../../src/credits/index.js";
import {
  REFERENCE_ANALYSIS_CREDITS_PER_ITEM,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_MIN,
  SLIDE_COUNT_OPTIONS,
} from "../../src/schemas/limits.js";

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

const assets = { voices: [{ id: "ash", credits_9_16: 150, credits_16_9: 180 }] };

describe("priceGeneration", () => {
  it("prices static ads by the default table", () => {
    expect(
      priceGeneration({ type: "static_ad", template_slug: "bold-sale", request_count: 3 }, catalog),
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
    expect(priceGeneration({ type: "video_ad", template_slug: "unboxing" }, catalog)).toEqual({
      ok: true,
      value: { creditsPerGeneration: 120, requestCount: 1, totalCredits: 120 },
    });
    expect(
      priceGeneration(
        { type: "video_ad", template_slug: "unboxing", quality_tier: "low", request_count: 2 },
        catalog,
      ),
    ).toMatchObject({
      ok: true,
      value: { creditsPerGeneration: DEFAULT_PRICES.qualityTierCredits, totalCredits: 200 },
    });
    expect(
      priceGeneration({ type: "ugc_ad", template_slug: "testimonial" }, catalog),
    ).toMatchObject({
      value: { totalCredits: 200 },
    });
  });

  it("prices AI model generations by their variant, the default variant when omitted", () => {
    expect(
      priceGeneration({ type: "ai_model", model_slug: "veo", request_count: 10 }, catalog),
    ).toMatchObject({
      value: { creditsPerGeneration: 80, totalCredits: 800 },
    });
    expect(
      priceGeneration({ type: "ai_model", model_slug: "veo", variant_id: "pro" }, catalog),
    ).toMatchObject({
      value: { creditsPerGeneration: DEFAULT_PRICES.modelVariantCredits },
    });
  });

  it.each([
    [{ type: "static_ad" }, "template_slug"],
    [{ type: "static_ad", template_slug: "unboxing" }, "template_slug"],
    [{ type: "ugc_ad", template_slug: "unboxing" }, "template_slug"],
    [{ type: "ugc_ad", template_slug: "testimonial", quality_tier: "low" }, "quality_tier"],
    [{ type: "ai_model" }, "model_slug"],
    [{ type: "ai_model", model_slug: "sora" }, "model_slug"],
    [{ type: "ai_model", model_slug: "veo", variant_id: "ultra" }, "variant_id"],
    [{ type: "static_ad", template_slug: "bold-sale", request_count: 11 }, "request_count"],
    [{ type: "static_ad", template_slug: "bold-sale", request_count: 1.5 }, "request_count"],
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
          { type: "video_ad", template_slug: "unboxing", request_count: count },
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
      priceGeneration({ type: "static_ad", template_slug: "bold-sale" }, catalog, prices),
    ).toMatchObject({
      value: { totalCredits: 7 },
    });
  });
});

describe("priceSlideshow", () => {
  it("charges per slide, six slides by default", () => {
    expect(priceSlideshow({})).toEqual({
      ok: true,
      value: { totalCredits: 6 * DEFAULT_PRICES.slideshowCreditsPerSlide },
    });
    for (const slideCount of SLIDE_COUNT_OPTIONS) {
      expect(priceSlideshow({ slide_count: slideCount })).toEqual({
        ok: true,
        value: { totalCredits: slideCount * DEFAULT_PRICES.slideshowCreditsPerSlide },
      });
    }
  });

  it("rejects a slide count the contract does not offer", () => {
    expect(priceSlideshow({ slide_count: 7 })).toMatchObject({
      ok: false,
      error: { code: "bad_request", field: "slide_count" },
    });
  });
});

describe("priceFacelessVideo", () => {
  it("charges the voice's price for the aspect ratio, 9:16 and ash by default", () => {
    expect(priceFacelessVideo({}, assets)).toEqual({ ok: true, value: { totalCredits: 150 } });
    expect(priceFacelessVideo({ aspect_ratio: "16:9", voice_id: "ash" }, assets)).toEqual({
      ok: true,
      value: { totalCredits: 180 },
    });
  });

  it("reports an unknown voice as not_found and another aspect ratio as bad_request", () => {
    expect(priceFacelessVideo({ voice_id: "nova" }, assets)).toMatchObject({
      ok: false,
      error: { code: "not_found", field: "voice_id" },
    });
    expect(priceFacelessVideo({ aspect_ratio: "1:1" }, assets)).toMatchObject({
      ok: false,
      error: { code: "bad_request", field: "aspect_ratio" },
    });
  });
});

describe("priceReferenceAnalysis", () => {
  it("charges 30 credits per media item", () => {
    const request = {
      image_urls: ["https://example.com/a.png", "https://example.com/b.png"],
      images: [{ filename: "c.png", content_type: "image/png", data: "AAAA" }],
      video_url: "https://example.com/v.mp4",
    };
    expect(priceReferenceAnalysis(request)).toEqual({
      ok: true,
      value: { totalCredits: 4 * REFERENCE_ANALYSIS_CREDITS_PER_ITEM },
    });
  });

  it("rejects a reference without media", () => {
    expect(priceReferenceAnalysis({ image_urls: [] })).toMatchObject({
      ok: false,
      error: { code: "bad_request" },
    });
  });
});

describe("priceVoiceover", () => {
  it("charges per started block of spoken words, at least one block", () => {
    const words = (count: number) =>
      Array.from({ length: count }, (_, index) => `word${index}`).join(" ");
    const block = DEFAULT_PRICES.voiceoverCreditsPerBlock;
    expect(priceVoiceover({ text: "..." })).toEqual({ ok: true, value: { totalCredits: block } });
    expect(priceVoiceover({ text: words(100) })).toEqual({
      ok: true,
      value: { totalCredits: block },
    });
    expect(priceVoiceover({ text: words(101) })).toEqual({
      ok: true,
      value: { totalCredits: 2 * block },
    });
    expect(priceVoiceover({ text: words(465) })).toEqual({
      ok: true,
      value: { totalCredits: 5 * block },
    });
  });
});

describe("pricingApiError", () => {
  it("gives a bad_request the validation context and a not_found its field", () => {
    expect(
      pricingApiError({ code: "bad_request", field: "quality_tier", message: "No tier." }),
    ).toEqual({
      code: "bad_request",
      message: "No tier.",
      retryable: false,
      context: {
        location: "body",
        fields: [{ path: "quality_tier", message: "No tier.", issue: "invalid_value" }],
      },
    });
    expect(pricingApiError({ code: "not_found", field: "voice_id", message: "No voice." })).toEqual(
      {
        code: "not_found",
        message: "No voice.",
        retryable: false,
        context: { field: "voice_id" },
      },
    );
  });
});
