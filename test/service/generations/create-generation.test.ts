import { createStaticWorkspaceDirectory } from "reelkit/memory";
import type { Catalog } from "reelkit/schemas";
import { DEMO_ASSETS, DEMO_CATALOG, DEMO_SOUND_EFFECTS } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { createHarness, type Harness, ORGS } from "../support/harness.js";
import { MISSING_UUID, post, putMedia, putReference, staticAd } from "./support.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function expectNothingCharged(harness: Harness): Promise<void> {
  expect(await harness.available()).toBe(5000);
  expect(harness.queue.pending()).toEqual([]);
  expect(harness.serverErrors).toEqual([]);
}

describe("POST /generations: queueing a batch", () => {
  it("holds one generation's credits per generation and queues one job each", async () => {
    const harness = await createHarness();
    const response = await post(harness, "/generations", staticAd("Cold brew hero", 2));
    expect(response.status).toBe(200);
    const ids = response.body.generations.map((item: { id: string }) => item.id);
    expect(response.body).toEqual({
      object: "generation_batch",
      status: "queued",
      request_count: 2,
      credits_deducted: 40,
      remaining_credits: 4960,
      generations: ids.map((id: string) => ({
        id,
        object: "generation",
        status: "generating",
        credits_deducted: 20,
      })),
      error: null,
    });
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(2);
    expect(await harness.available()).toBe(4960);
    const jobs = harness.queue.pending();
    expect(jobs.map((job) => [job.kind, job.resourceId, job.holdId])).toEqual(
      ids.map((id: string) => ["generation", id, id]),
    );
    expect(jobs[0]?.organizationId).toBe(ORGS.acme);
    expect(jobs[0]?.input).toStrictEqual({
      type: "static_ad",
      prompt: "Cold brew hero",
      template_slug: "product-hero",
      generate_audio: true,
    });
    expect(harness.serverErrors).toEqual([]);
  });

  it("prices video ads by quality tier and AI models by variant", async () => {
    const harness = await createHarness();
    const high = await post(harness, "/generations", {
      type: "video_ad",
      template_slug: "unboxing",
    });
    const low = await post(harness, "/generations", {
      type: "ugc_ad",
      template_slug: "testimonial",
      quality_tier: "low",
    });
    const model = await post(harness, "/generations", {
      type: "ai_model",
      model_slug: "sim-video",
    });
    const unpriced = await post(harness, "/generations", {
      type: "ai_model",
      model_slug: "sim-video",
      variant_id: "video-to-video",
      source_video_url: "https://cdn.example.com/source.mp4",
    });
    expect([high, low, model, unpriced].map((r) => r.body.credits_deducted)).toEqual([
      120, 80, 90, 50,
    ]);
    expect(unpriced.body.remaining_credits).toBe(5000 - 120 - 80 - 90 - 50);
    const inputs = harness.queue.pending().map((job) => job.input);
    expect(inputs[0]).toMatchObject({ template_slug: "unboxing", quality_tier: "high" });
    expect(inputs[2]).toMatchObject({ model_slug: "sim-video", variant_id: "text-to-video" });
    expect(inputs[3]).toMatchObject({
      variant_id: "video-to-video",
      source_video_url: "https://cdn.example.com/source.mp4",
    });
  });

  it("queues 10 generations and refuses 11", async () => {
    const harness = await createHarness();
    const ten = await post(harness, "/generations", staticAd("ten", 10));
    expect(ten.status).toBe(200);
    expect(ten.body.generations).toHaveLength(10);
    expect(ten.body.credits_deducted).toBe(200);
    const eleven = await post(harness, "/generations", staticAd("eleven", 11));
    expect(eleven.status).toBe(400);
    expect(eleven.body.error.code).toBe("bad_request");
    expect(eleven.body.error.context.fields).toEqual([
      expect.objectContaining({ path: "request_count", issue: "too_big" }),
    ]);
    expect(await harness.available()).toBe(4800);
  });

  it("answers 402 insufficient_credits with what was needed and available, charging nothing", async () => {
    const harness = await createHarness({ credits: 30 });
    const response = await post(harness, "/generations", staticAd("two", 2));
    expect(response.status).toBe(402);
    expect(response.body.error).toEqual({
      code: "insufficient_credits",
      message: expect.any(String),
      retryable: false,
      context: { credits_required: 40, credits_available: 30 },
    });
    expect(await harness.available()).toBe(30);
    expect(harness.queue.pending()).toEqual([]);
  });

  it("rejects invalid bodies with 400 naming the fields", async () => {
    const harness = await createHarness();
    const missingType = await post(harness, "/generations", { prompt: "no type" });
    const wrongSlug = await post(harness, "/generations", {
      type: "static_ad",
      template_slug: "product-hero",
      model_slug: "sim-image",
    });
    const unknownField = await post(harness, "/generations", { ...staticAd(), colour: "red" });
    for (const response of [missingType, wrongSlug, unknownField]) {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("bad_request");
    }
    expect(missingType.body.error.context.fields[0].path).toBe("type");
    expect(wrongSlug.body.error.context.fields[0].path).toBe("model_slug");
    await expectNothingCharged(harness);
  });
});

describe("POST /generations: catalog options", () => {
  it("answers 400 for a template, model, variant or option the catalog lacks", async () => {
    const harness = await createHarness();
    const cases = [
      [{ type: "static_ad", template_slug: "nope" }, "template_slug"],
      [{ type: "video_ad" }, "template_slug"],
      [{ type: "ai_model", model_slug: "nope" }, "model_slug"],
      [{ type: "ai_model", model_slug: "sim-image", variant_id: "nope" }, "variant_id"],
      [{ type: "video_ad", template_slug: "unboxing", duration: 7 }, "duration"],
    ] as const;
    for (const [body, field] of cases) {
      const response = await post(harness, "/generations", body);
      expect(response.status, field).toBe(400);
      expect(response.body.error.context.fields[0].path, field).toBe(field);
    }
    await expectNothingCharged(harness);
  });

  it("takes a duration of the tier's options and a preset of the template", async () => {
    const harness = await createHarness();
    const response = await post(harness, "/generations", {
      type: "video_ad",
      template_slug: "unboxing",
      duration: 10,
      preset_id: "cozy-desk",
    });
    expect(response.status).toBe(200);
    expect(harness.queue.pending()[0]?.input).toMatchObject({
      duration: 10,
      preset_id: "cozy-desk",
    });
  });

  it("answers 404 for a preset the template does not have", async () => {
    const harness = await createHarness();
    const response = await post(harness, "/generations", { ...staticAd(), preset_id: "cozy-desk" });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: "not_found",
      context: { field: "preset_id" },
    });
    await expectNothingCharged(harness);
  });
});

describe("POST /generations: workspace references", () => {
  it("takes a brand kit and an avatar of the workspace, and answers 404 for others", async () => {
    const harness = await createHarness();
    const ok = await post(harness, "/generations", {
      ...staticAd(),
      brand_kit_id: 1,
      avatar_id: "avatar-maya",
    });
    expect(ok.status).toBe(200);
    const kit = await post(harness, "/generations", { ...staticAd(), brand_kit_id: 99 });
    const avatar = await post(harness, "/generations", { ...staticAd(), avatar_id: "avatar-zed" });
    expect(kit.status).toBe(404);
    expect(kit.body.error).toMatchObject({ code: "not_found", context: { field: "brand_kit_id" } });
    expect(avatar.status).toBe(404);
    expect(avatar.body.error.context.field).toBe("avatar_id");
    expect(await harness.available()).toBe(4980);
  });

  it("takes a ready reference of the organization only", async () => {
    const harness = await createHarness();
    const ready = await putReference(harness);
    const pending = await putReference(harness, { analysisStatus: "pending" });
    const foreign = await putReference(harness, { organizationId: ORGS.other });
    const field = "custom_reference_inspiration_id";
    const ok = await post(harness, "/generations", { ...staticAd(), [field]: ready });
    expect(ok.status).toBe(200);
    expect(harness.queue.pending()[0]?.input[field]).toBe(ready);
    for (const id of [foreign, MISSING_UUID]) {
      const response = await post(harness, "/generations", { ...staticAd(), [field]: id });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: "not_found", context: { field } });
    }
    const notReady = await post(harness, "/generations", { ...staticAd(), [field]: pending });
    expect(notReady.status).toBe(400);
    expect(notReady.body.error).toMatchObject({
      code: "bad_request",
      context: { reason: "reference_not_ready", analysis_status: "pending" },
    });
    expect(await harness.available()).toBe(4980);
  });

  it("appends completed My Media images to the reference image URLs", async () => {
    const harness = await createHarness();
    const image = await putMedia(harness);
    const response = await post(harness, "/generations", {
      ...staticAd(),
      reference_image_urls: ["https://cdn.example.com/product.png"],
      reference_media_ids: [image.media.id],
    });
    expect(response.status).toBe(200);
    expect(harness.queue.pending()[0]?.input.reference_image_urls).toEqual([
      "https://cdn.example.com/product.png",
      image.media.url,
    ]);
  });

  it("answers 404 for media that is missing, foreign, unfinished or of another type", async () => {
    const harness = await createHarness();
    const good = await putMedia(harness);
    const foreign = await putMedia(harness, { organizationId: ORGS.other });
    const processing = await putMedia(harness, { status: "processing" });
    const video = await putMedia(harness, { mediaType: "video" });
    const cases = [
      [MISSING_UUID, "missing"],
      [foreign.media.id, "missing"],
      [processing.media.id, "not_completed"],
      [video.media.id, "wrong_media_type"],
    ] as const;
    for (const [id, reason] of cases) {
      const response = await post(harness, "/generations", {
        ...staticAd(),
        reference_media_ids: [good.media.id, id],
      });
      expect(response.status, reason).toBe(404);
      expect(response.body.error.context).toEqual({
        field: "reference_media_ids.1",
        media_id: id,
        reason,
      });
    }
    await expectNothingCharged(harness);
  });
});

describe("POST /generations: media inputs of the variant (rule 2)", () => {
  it("takes a source video, by URL or My Media id, only on a video-to-video variant", async () => {
    const harness = await createHarness();
    const video = await putMedia(harness, { mediaType: "video" });
    const base = { type: "ai_model", model_slug: "sim-video", variant_id: "video-to-video" };
    const byId = await post(harness, "/generations", {
      ...base,
      source_video_media_id: video.media.id,
    });
    expect(byId.status).toBe(200);
    expect(harness.queue.pending()[0]?.input.source_video_url).toBe(video.media.url);
    const source = { source_video_url: "https://cdn.example.com/source.mp4" };
    const textToVideo = await post(harness, "/generations", {
      type: "ai_model",
      model_slug: "sim-video",
      ...source,
    });
    const template = await post(harness, "/generations", { ...staticAd(), ...source });
    for (const response of [textToVideo, template]) {
      expect(response.status).toBe(400);
      expect(response.body.error.context).toMatchObject({
        reason: "unsupported_by_variant",
        fields: [expect.objectContaining({ path: "source_video_url" })],
      });
    }
    expect(textToVideo.body.error.message).toContain("input_mode text_to_video");
  });

  it("refuses motion and audio inputs on variants that do not take them", async () => {
    const harness = await createHarness();
    const audio = await putMedia(harness, { mediaType: "audio" });
    const base = { type: "ai_model", model_slug: "sim-video", variant_id: "video-to-video" };
    const motion = await post(harness, "/generations", {
      ...base,
      motion_video_url: "https://cdn.example.com/motion.mp4",
    });
    const byId = await post(harness, "/generations", { ...base, audio_media_id: audio.media.id });
    expect(motion.status).toBe(400);
    expect(motion.body.error.context.fields[0].path).toBe("motion_video_url");
    expect(byId.status).toBe(400);
    expect(byId.body.error.context.fields[0].path).toBe("audio_media_id");
    await expectNothingCharged(harness);
  });

  it("takes audio and voice media on an audio-driven variant, and answers 404 for video", async () => {
    const lipSync: Catalog = {
      ...DEMO_CATALOG,
      ai_models: [
        {
          slug: "sim-talker",
          title: "Talker",
          description: "Lip sync",
          default_variant_id: "lip-sync",
          variants: [
            {
              id: "lip-sync",
              label: "Lip sync",
              model: "sim-talker-1",
              input_mode: "lip_sync",
              default_aspect_ratio: "9:16",
              default_duration: 5,
              default_resolution: "720p",
              credits: 70,
            },
          ],
        },
      ],
    };
    const workspace = createStaticWorkspaceDirectory({
      catalog: lipSync,
      assets: DEMO_ASSETS,
      soundEffects: DEMO_SOUND_EFFECTS,
    });
    const harness = await createHarness({ overrides: { workspace } });
    const voice = await putMedia(harness, { mediaType: "voice" });
    const video = await putMedia(harness, { mediaType: "video" });
    const base = { type: "ai_model", model_slug: "sim-talker" };
    const ok = await post(harness, "/generations", {
      ...base,
      audio_media_id: voice.media.id,
      source_video_media_id: video.media.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.credits_deducted).toBe(70);
    expect(harness.queue.pending()[0]?.input).toMatchObject({
      audio_url: voice.media.url,
      source_video_url: video.media.url,
    });
    const wrong = await post(harness, "/generations", { ...base, audio_media_id: video.media.id });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.context).toMatchObject({
      field: "audio_media_id",
      reason: "wrong_media_type",
    });
  });
});
