import { type ReferenceTemplateTarget, referenceInspirationQuerySchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { meaningfulWords } from "../../../src/service/references/description-words.js";
import { rankReferences } from "../../../src/service/references/recommend-references.js";
import { scoreTarget, targetWords } from "../../../src/service/references/score-target.js";
import { inferMediaKind } from "../../../src/service/references/suggest-targets.js";

const unboxing: ReferenceTemplateTarget = {
  template_slug: "unboxing",
  template_category: "video-templates",
  label: "Unboxing (video ad)",
  accepts_media_kinds: ["image", "video"],
};

describe("description words", () => {
  it("lowercases, splits, drops short and filler words, removes plural s and duplicates", () => {
    expect(meaningfulWords("The NEW bottles, glass & Bottle-caps for ads!")).toEqual([
      "new",
      "bottle",
      "glass",
      "cap",
      "ads",
    ]);
    expect(meaningfulWords("")).toEqual([]);
    expect(meaningfulWords("Café crème 2024")).toEqual(["café", "crème", "2024"]);
  });
});

describe("target scores", () => {
  it("knows a target by its label, slug and category", () => {
    expect(targetWords(unboxing)).toEqual(["unboxing", "video", "template"]);
  });

  it("starts at 0.5 and reaches 1 when the description names every word", () => {
    expect(scoreTarget(unboxing, "video", undefined).score).toBe(0.5);
    expect(scoreTarget(unboxing, "video", []).score).toBe(0.5);
    expect(scoreTarget(unboxing, "video", ["unboxing"]).score).toBe(0.67);
    expect(scoreTarget(unboxing, "video", ["unboxing", "video", "template"])).toEqual({
      score: 1,
      reason: 'Accepts video media and the description mentions "unboxing", "video", "template".',
    });
  });

  it("counts the category's words when the label and slug say nothing", () => {
    const bare: ReferenceTemplateTarget = {
      ...unboxing,
      template_slug: "x",
      label: "",
      template_category: "static-ads",
    };
    expect(scoreTarget(bare, "image", ["static"]).score).toBe(0.75);
  });
});

describe("media kind inference", () => {
  const parse = (query: Record<string, unknown>) =>
    referenceInspirationQuerySchema.parse({ suggest_targets: "true", ...query });

  it("prefers an explicit kind, then video, then two or more images", () => {
    expect(inferMediaKind(parse({}))).toBe("image");
    expect(inferMediaKind(parse({ image_url: "https://a.example/1.jpg" }))).toBe("image");
    expect(
      inferMediaKind(parse({ image_url: ["https://a.example/1.jpg", "https://a.example/2.jpg"] })),
    ).toBe("slideshow");
    expect(
      inferMediaKind(
        parse({
          video_url: "https://a.example/v.mp4",
          image_url: ["https://a.example/1.jpg", "https://a.example/2.jpg"],
        }),
      ),
    ).toBe("video");
    expect(
      inferMediaKind(parse({ media_kind: "image", video_url: "https://a.example/v.mp4" })),
    ).toBe("image");
  });
});

describe("reference ranking", () => {
  const reference = (id: string, slug: string, category: string, kind: string) =>
    ({ id, template_slug: slug, template_category: category, media_kind: kind }) as never;

  it("weighs slug over category over kind and keeps the given order on ties", () => {
    const references = [
      reference("kind", "a", "static-ads", "video"),
      reference("category", "b", "video-templates", "image"),
      reference("slug", "unboxing", "static-ads", "image"),
      reference("none", "c", "static-ads", "image"),
      reference("category-too", "d", "video-templates", "image"),
    ];
    const ranked = rankReferences(references, {
      template_slug: "unboxing",
      template_category: "video-templates",
      media_kind: "video",
    }).map((ranked) => (ranked as { id: string }).id);
    expect(ranked).toEqual(["slug", "category", "category-too", "kind", "none"]);
  });
});
