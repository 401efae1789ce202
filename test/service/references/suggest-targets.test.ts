import { describe, expect, it } from "vitest";
import { createHarness } from "../support/harness.js";
import { get, slugsOf } from "./reference-queries.js";

describe("GET /reference-inspirations?suggest_targets=true", () => {
  it("suggests every image target with a neutral score when nothing is described", async () => {
    const harness = await createHarness();
    const response = await get(harness, "suggest_targets=true");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      object: "reference_template_target_suggestions",
      media_kind: "image",
      image_count: 0,
      has_video: false,
    });
    expect(slugsOf(response.body.suggestions)).toEqual([
      "product-hero",
      "unboxing",
      "carousel-classic",
    ]);
    expect(response.body.suggestions[0]).toEqual({
      template_slug: "product-hero",
      template_category: "static-ads",
      label: "Product hero (static ad)",
      accepts_media_kinds: ["image"],
      score: 0.5,
      reason: "Accepts image media; add a description to rank targets by what the media shows.",
    });
    expect(response.body.next_step).toContain("POST /reference-inspirations");
    expect(response.body.next_step).toContain("template_slug and template_category");
  });

  it("infers video from video_url and slideshow from two or more images", async () => {
    const harness = await createHarness();
    const video = await get(
      harness,
      "suggest_targets=true&video_url=https://cdn.example.com/v.mp4",
    );
    expect(video.body).toMatchObject({ media_kind: "video", has_video: true, image_count: 0 });
    expect(slugsOf(video.body.suggestions)).toEqual(["unboxing"]);

    const slides = await get(
      harness,
      "suggest_targets=true&image_url=https://cdn.example.com/1.jpg&image_url=https://cdn.example.com/2.jpg",
    );
    expect(slides.body).toMatchObject({
      media_kind: "slideshow",
      has_video: false,
      image_count: 2,
    });
    expect(slugsOf(slides.body.suggestions)).toEqual(["carousel-classic"]);

    const one = await get(harness, "suggest_targets=true&image_url=https://cdn.example.com/1.jpg");
    expect(one.body).toMatchObject({ media_kind: "image", image_count: 1 });

    const explicit = await get(
      harness,
      "suggest_targets=true&media_kind=video&image_url=https://cdn.example.com/1.jpg",
    );
    expect(explicit.body.media_kind).toBe("video");
    expect(slugsOf(explicit.body.suggestions)).toEqual(["unboxing"]);
  });

  it("ranks targets whose words the description mentions first and says why", async () => {
    const harness = await createHarness();
    const description = encodeURIComponent("Unboxing video of our new headphones");
    const response = await get(harness, `suggest_targets=true&description=${description}`);
    const [best, ...rest] = response.body.suggestions;
    expect(best).toMatchObject({
      template_slug: "unboxing",
      score: 0.83,
      reason: 'Accepts image media and the description mentions "unboxing", "video".',
    });
    expect(rest.map((suggestion: { score: number }) => suggestion.score)).toEqual([0.5, 0.5]);
    expect(rest[0].reason).toBe("Accepts image media; the description names none of its words.");
    for (const suggestion of response.body.suggestions) {
      expect(suggestion.score).toBeGreaterThanOrEqual(0);
      expect(suggestion.score).toBeLessThanOrEqual(1);
    }
  });

  it("narrows by template filters and answers no suggestions with a next step", async () => {
    const harness = await createHarness();
    const narrowed = await get(harness, "suggest_targets=true&template_category=static-ads");
    expect(slugsOf(narrowed.body.suggestions)).toEqual(["product-hero"]);
    const none = await get(
      harness,
      "suggest_targets=true&template_category=static-ads&video_url=https://cdn.example.com/v.mp4",
    );
    expect(none.status).toBe(200);
    expect(none.body.suggestions).toEqual([]);
    expect(none.body.next_step).toContain("No reference template target");
  });

  it("takes limit 1 to 12 and refuses 13 and 21", async () => {
    const harness = await createHarness();
    expect((await get(harness, "suggest_targets=true&limit=1")).body.suggestions).toHaveLength(1);
    expect((await get(harness, "suggest_targets=true&limit=12")).status).toBe(200);
    for (const limit of ["13", "21"]) {
      const refused = await get(harness, `suggest_targets=true&limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error.context.fields).toHaveLength(1);
      expect(refused.body.error.context.fields[0].path).toBe("limit");
    }
  });

  it("refuses a description past 2000 characters and more than 12 images", async () => {
    const harness = await createHarness();
    expect(
      (await get(harness, `suggest_targets=true&description=${"a".repeat(2000)}`)).status,
    ).toBe(200);
    expect(
      (await get(harness, `suggest_targets=true&description=${"a".repeat(2001)}`)).status,
    ).toBe(400);
    const images = Array.from(
      { length: 13 },
      (_, index) => `image_url=https://cdn.example.com/${index}.jpg`,
    );
    expect((await get(harness, `suggest_targets=true&${images.join("&")}`)).status).toBe(400);
    expect((await get(harness, `suggest_targets=true&${images.slice(1).join("&")}`)).status).toBe(
      200,
    );
  });
});
