import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICES,
  priceFacelessVideo,
  priceReferenceAnalysis,
  priceSlideshow,
  priceVoiceover,
  pricingApiError,
  quoteGeneration,
} from "../../src/credits/index.js";
import { createFacelessVideoRequestSchema } from "../../src/schemas/faceless-videos.js";
import {
  REFERENCE_ANALYSIS_CREDITS_PER_ITEM,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_MIN,
  SLIDE_COUNT_OPTIONS,
} from "../../src/schemas/limits.js";
import { createSlideshowRequestSchema } from "../../src/schemas/slideshows.js";

const assets = { voices: [{ id: "ash", credits_9_16: 150, credits_16_9: 180 }] };

describe("quoteGeneration", () => {
  it("costs the entry's credits, or the table's price when the entry has none", () => {
    const prices = { ...DEFAULT_PRICES, staticAdCredits: 7 };
    expect(quoteGeneration({ source: { kind: "static_ad" }, requestCount: 2 }, prices)).toEqual({
      ok: true,
      value: { creditsPerGeneration: 7, requestCount: 2, totalCredits: 14 },
    });
    expect(
      quoteGeneration({ source: { kind: "quality_tier", credits: 120 }, requestCount: 3 }),
    ).toMatchObject({ value: { creditsPerGeneration: 120, totalCredits: 360 } });
    expect(
      quoteGeneration({ source: { kind: "quality_tier", credits: null }, requestCount: 1 }),
    ).toMatchObject({ value: { creditsPerGeneration: DEFAULT_PRICES.qualityTierCredits } });
    expect(
      quoteGeneration({ source: { kind: "model_variant", credits: null }, requestCount: 1 }),
    ).toMatchObject({ value: { creditsPerGeneration: DEFAULT_PRICES.modelVariantCredits } });
  });

  it("takes counts from 1 to 10 and answers any other with a bad_request on request_count", () => {
    const source = { kind: "model_variant", credits: 80 } as const;
    for (const requestCount of [REQUEST_COUNT_MIN, REQUEST_COUNT_MAX]) {
      expect(quoteGeneration({ source, requestCount })).toMatchObject({
        ok: true,
        value: { requestCount, totalCredits: 80 * requestCount },
      });
    }
    for (const requestCount of [REQUEST_COUNT_MIN - 1, REQUEST_COUNT_MAX + 1, 2.5]) {
      expect(quoteGeneration({ source, requestCount })).toEqual({
        ok: false,
        error: {
          code: "bad_request",
          field: "request_count",
          message: `request_count must be a whole number from ${REQUEST_COUNT_MIN} to ${REQUEST_COUNT_MAX}.`,
        },
      });
    }
  });
});

describe("priceSlideshow", () => {
  it("charges per slide, six slides by default", () => {
    // The body schema fills in the default; pricing reads what it answers.
    expect(priceSlideshow(createSlideshowRequestSchema.parse({}))).toEqual({
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
    expect(priceFacelessVideo(createFacelessVideoRequestSchema.parse({}), assets)).toEqual({
      ok: true,
      value: { totalCredits: 150 },
    });
    expect(priceFacelessVideo({ aspect_ratio: "16:9", voice_id: "ash" }, assets)).toEqual({
      ok: true,
      value: { totalCredits: 180 },
    });
  });

  it("reports an unknown voice as not_found and another aspect ratio as bad_request", () => {
    expect(priceFacelessVideo({ aspect_ratio: "9:16", voice_id: "nova" }, assets)).toMatchObject({
      ok: false,
      error: { code: "not_found", field: "voice_id" },
    });
    expect(priceFacelessVideo({ aspect_ratio: "1:1", voice_id: "ash" }, assets)).toMatchObject({
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
