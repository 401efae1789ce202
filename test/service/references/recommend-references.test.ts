import { describe, expect, it } from "vitest";
import { createHarness } from "../support/harness.js";
import { failingAnalysisProvider } from "./reference-fixtures.js";
import { get, idsOf, saveAll } from "./reference-queries.js";

describe("GET /reference-inspirations?recommend=true", () => {
  it("recommends nothing until an analysis is ready", async () => {
    const harness = await createHarness();
    await saveAll(harness);
    const response = await get(harness, "recommend=true&template_slug=unboxing");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "reference_inspiration_recommendations",
      references: [],
    });
  });

  it("ranks ready references: same template, then category, then media kind, then newest", async () => {
    const harness = await createHarness();
    const ids = await saveAll(harness);
    await harness.runJobs();
    const exact = await get(
      harness,
      "recommend=true&template_slug=unboxing&template_category=video-templates&media_kind=image",
    );
    expect(idsOf(exact.body)).toEqual([
      ids.unboxingImage,
      ids.unboxingVideo,
      ids.heroImage,
      ids.carouselSlides,
    ]);
    expect(exact.body.references[0].analysis_status).toBe("ready");

    const byCategory = await get(harness, "recommend=true&template_category=slideshow-carousel");
    expect(idsOf(byCategory.body)).toEqual([
      ids.carouselSlides,
      ids.unboxingImage,
      ids.unboxingVideo,
      ids.heroImage,
    ]);

    const byKind = await get(harness, "recommend=true&media_kind=video");
    expect(idsOf(byKind.body)).toEqual([
      ids.unboxingVideo,
      ids.unboxingImage,
      ids.carouselSlides,
      ids.heroImage,
    ]);

    const newest = await get(harness, "recommend=true");
    expect(idsOf(newest.body)).toEqual([
      ids.unboxingImage,
      ids.carouselSlides,
      ids.unboxingVideo,
      ids.heroImage,
    ]);

    const limited = await get(harness, "recommend=true&template_slug=unboxing&limit=1");
    expect(idsOf(limited.body)).toEqual([ids.unboxingImage]);
  });

  it("leaves failed analyses out", async () => {
    const harness = await createHarness({ provider: failingAnalysisProvider() });
    await saveAll(harness);
    await harness.runJobs();
    expect((await get(harness, "recommend=true")).body.references).toEqual([]);
  });

  it("takes limit 20 and refuses 21", async () => {
    const harness = await createHarness();
    expect((await get(harness, "recommend=true&limit=20")).status).toBe(200);
    expect((await get(harness, "recommend=true&limit=21")).status).toBe(400);
  });

  it("refuses recommend and suggest_targets together", async () => {
    const harness = await createHarness();
    const response = await get(harness, "recommend=true&suggest_targets=true");
    expect(response.status).toBe(400);
    expect(response.body.error.context.fields[0].path).toBe("suggest_targets");
  });
});
