import { describe, expect, it } from "vitest";
import { createHarness, KEYS, ORGS } from "../support/harness.js";
import { BODIES, get, idsOf, PATH, saveAll, slugsOf } from "./reference-queries.js";

describe("GET /reference-inspirations (list)", () => {
  it("lists nothing but the workspace's targets before anything is saved", async () => {
    const harness = await createHarness();
    const response = await get(harness);
    expect(response.status).toBe(200);
    expect(response.body.object).toBe("reference_inspiration_list");
    expect(slugsOf(response.body.template_targets)).toEqual([
      "product-hero",
      "unboxing",
      "carousel-classic",
    ]);
    expect(response.body.template_targets[0]).toEqual({
      template_slug: "product-hero",
      template_category: "static-ads",
      label: "Product hero (static ad)",
      accepts_media_kinds: ["image"],
    });
    expect(response.body.references).toEqual([]);
  });

  it("lists saved references newest first and filters references and targets alike", async () => {
    const harness = await createHarness();
    const ids = await saveAll(harness);
    const all = await get(harness);
    expect(idsOf(all.body)).toEqual([
      ids.unboxingImage,
      ids.carouselSlides,
      ids.unboxingVideo,
      ids.heroImage,
    ]);

    const bySlug = await get(harness, "template_slug=unboxing");
    expect(idsOf(bySlug.body)).toEqual([ids.unboxingImage, ids.unboxingVideo]);
    expect(slugsOf(bySlug.body.template_targets)).toEqual(["unboxing"]);

    const byCategory = await get(harness, "template_category=slideshow-carousel");
    expect(idsOf(byCategory.body)).toEqual([ids.carouselSlides]);
    expect(slugsOf(byCategory.body.template_targets)).toEqual(["carousel-classic"]);

    const byKind = await get(harness, "media_kind=video");
    expect(idsOf(byKind.body)).toEqual([ids.unboxingVideo]);
    expect(slugsOf(byKind.body.template_targets)).toEqual(["unboxing"]);

    const imagesOfUnboxing = await get(
      harness,
      "media_kind=image&template_category=video-templates",
    );
    expect(idsOf(imagesOfUnboxing.body)).toEqual([ids.unboxingImage]);

    const none = await get(harness, "template_slug=product-hero&media_kind=slideshow");
    expect(none.body).toEqual({
      object: "reference_inspiration_list",
      template_targets: [],
      references: [],
    });
  });

  it("returns 20 by default, honours limit 1 to 20 and refuses 0, 21 and non-numbers", async () => {
    const harness = await createHarness();
    for (let index = 0; index < 21; index += 1) {
      await harness.call("POST", PATH, { key: KEYS.acme, body: BODIES.heroImage });
    }
    expect((await get(harness)).body.references).toHaveLength(20);
    expect((await get(harness, "limit=20")).body.references).toHaveLength(20);
    expect((await get(harness, "limit=3")).body.references).toHaveLength(3);
    for (const limit of ["0", "21", "abc", "2.5"]) {
      const refused = await get(harness, `limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error.context).toMatchObject({ location: "query" });
      expect(refused.body.error.context.fields[0].path).toBe("limit");
    }
  });

  it("refuses bad filters and suggestion-only parameters outside suggestion mode", async () => {
    const harness = await createHarness();
    for (const query of [
      "template_category=posters",
      "media_kind=audio",
      "description=shoes",
      "image_url=https://cdn.example.com/a.jpg",
      "video_url=https://cdn.example.com/a.mp4",
      "recommend=yes",
      "unknown=1",
    ]) {
      const response = await get(harness, query);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe("bad_request");
    }
  });

  it("shows only the caller's organization's references", async () => {
    const harness = await createHarness();
    await saveAll(harness);
    await harness.runJobs();
    const other = await get(harness, "", KEYS.other);
    expect(other.status).toBe(200);
    expect(other.body.references).toEqual([]);
    expect((await get(harness, "recommend=true", KEYS.other)).body.references).toEqual([]);
    const own = await harness.call("POST", PATH, { key: KEYS.other, body: BODIES.heroImage });
    expect(own.body.reference.organization_id).toBe(ORGS.other);
    expect(idsOf((await get(harness, "", KEYS.other)).body)).toEqual([own.body.reference.id]);
    expect((await get(harness)).body.references).toHaveLength(4);
  });

  it("admits read and write keys; refuses no key, other scopes and lapsed organizations", async () => {
    const harness = await createHarness();
    expect((await get(harness, "", KEYS.acmeRead)).status).toBe(200);
    expect((await get(harness, "", KEYS.acmeWrite)).status).toBe(200);
    const noKey = await harness.call("GET", PATH);
    expect(noKey.status).toBe(401);
    expect(noKey.body.error.code).toBe("unauthorized");
    expect((await get(harness, "", KEYS.revoked)).status).toBe(401);
    const social = await get(harness, "", KEYS.acmeSocial);
    expect(social.status).toBe(403);
    expect(social.body.error.code).toBe("forbidden");
    const lapsed = await get(harness, "", KEYS.lapsed);
    expect(lapsed.status).toBe(402);
    expect(lapsed.body.error.code).toBe("payment_required");
    expect(harness.serverErrors).toEqual([]);
  });
});
