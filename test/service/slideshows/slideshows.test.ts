import { ProviderError } from "reelkit";
import { describe, expect, it } from "vitest";
import { get, MISSING_UUID, post, putReference, START } from "../generations/support.js";
import { createHarness, KEYS, ORGS } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";

const PROMPT = "5 ways to style a linen shirt";

describe("POST /slideshows", () => {
  it("queues a slideshow and its video with the defaults: 6 slides at 4:5", async () => {
    const harness = await createHarness();
    const response = await post(harness, "/slideshows", { prompt: PROMPT });
    expect(response.status).toBe(200);
    const id: string = response.body.slideshow_id;
    expect(response.body).toEqual({
      object: "slideshow_generation",
      status: "queued",
      slideshow_id: id,
      video_id: 1,
      title: PROMPT,
      slide_count: 6,
      credits_deducted: 60,
      remaining_credits: 4940,
    });
    expect(await harness.available()).toBe(4940);
    const [job] = harness.queue.pending();
    expect(job).toMatchObject({ kind: "slideshow", resourceId: id, holdId: id });
    expect(job?.input).toStrictEqual({
      prompt: PROMPT,
      title: PROMPT,
      slide_count: 6,
      aspect_ratio: "4:5",
      video_id: 1,
      language: "English",
      generate_text_overlays: false,
    });
    const slideshow = await get(harness, `/slideshows/${id}`);
    expect(slideshow.body).toEqual({
      object: "slideshow",
      id,
      video_id: 1,
      status: "queued",
      step: "slides",
      title: PROMPT,
      slide_count: 6,
      aspect_ratio: "4:5",
      url: null,
      slides: [],
      error: null,
      created_at: START,
      updated_at: START,
    });
    const video = await get(harness, "/videos/1");
    expect(video.body).toMatchObject({ video_type: "slideshow", status: "queued", url: null });
  });

  it("completes the slideshow and its video with one URL once the job ran", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/slideshows", { prompt: PROMPT, slide_count: 3 });
    expect(created.body.credits_deducted).toBe(30);
    harness.clock.advance(1000);
    await harness.runJobs();
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    const url: string = slideshow.url;
    expect(url).toMatch(
      new RegExp(`/exports/${ORGS.acme}/${created.body.video_id}/[0-9a-f]{64}\\.mp4$`),
    );
    expect(slideshow).toMatchObject({ status: "completed", step: "done", error: null });
    expect(slideshow.updated_at).toBe("2026-11-22T09:00:01.000Z");
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "completed", url, video_url: url, error: null });
    expect(await harness.available()).toBe(4970);
  });

  it("fails both records and refunds once when the job fails", async () => {
    const visuals = {
      generate: async () => {
        throw new ProviderError({
          category: "provider_unavailable",
          message: "The image model is down.",
          retryable: true,
        });
      },
    };
    const harness = await createHarness({ overrides: { visuals } });
    const created = await post(harness, "/slideshows", { prompt: "carousel" });
    const [job] = harness.queue.pending();
    if (job === undefined) throw new Error("expected a queued job");
    await harness.runJobs();
    await harness.service.processJob({ ...job });
    const expectedError = {
      code: "generation_failed",
      message: expect.any(String),
      retryable: true,
      category: "provider_unavailable",
      credits_returned: true,
    };
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    expect(slideshow).toMatchObject({
      status: "error",
      step: "visuals",
      url: null,
      error: expectedError,
    });
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", url: null, error: expectedError });
    expect(await harness.available()).toBe(5000);
    expect(harness.serverErrors).toEqual([]);
  });

  it("derives the title from the prompt, or uses the given one", async () => {
    const harness = await createHarness();
    const long =
      "Ten reasons our linen shirts outlast every other shirt in your wardrobe this summer";
    const derived = await post(harness, "/slideshows", { prompt: long });
    expect(derived.body.title).toBe("Ten reasons our linen shirts outlast every other shirt in…");
    const untitled = await post(harness, "/slideshows", {});
    expect(untitled.body.title).toBe("Untitled slideshow");
    const given = await post(harness, "/slideshows", { prompt: long, title: "Linen" });
    expect(given.body.title).toBe("Linen");
  });

  it("takes the slide counts of the contract only, and the three aspect ratios", async () => {
    const harness = await createHarness();
    const ten = await post(harness, "/slideshows", { slide_count: 10, aspect_ratio: "9:16" });
    expect(ten.body.credits_deducted).toBe(100);
    for (const body of [{ slide_count: 7 }, { slide_count: 11 }, { aspect_ratio: "16:9" }]) {
      const response = await post(harness, "/slideshows", body);
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe(Object.keys(body)[0]);
    }
    expect(await harness.available()).toBe(4900);
  });

  it("answers 404 for a brand kit, avatar or reference the organization lacks", async () => {
    const harness = await createHarness();
    const ready = await putReference(harness);
    const pending = await putReference(harness, { analysisStatus: "analyzing" });
    const foreign = await putReference(harness, { organizationId: ORGS.other });
    const ok = await post(harness, "/slideshows", {
      brand_kit_id: 1,
      avatar_id: "avatar-leo",
      custom_reference_inspiration_id: ready,
    });
    expect(ok.status).toBe(200);
    const cases = [
      [{ brand_kit_id: 2 }, "brand_kit_id"],
      [{ avatar_id: "avatar-zed" }, "avatar_id"],
      [{ custom_reference_inspiration_id: foreign }, "custom_reference_inspiration_id"],
      [{ custom_reference_inspiration_id: MISSING_UUID }, "custom_reference_inspiration_id"],
    ] as const;
    for (const [body, field] of cases) {
      const response = await post(harness, "/slideshows", body);
      expect(response.status, field).toBe(404);
      expect(response.body.error.context.field).toBe(field);
    }
    const notReady = await post(harness, "/slideshows", {
      custom_reference_inspiration_id: pending,
    });
    expect(notReady.status).toBe(400);
    expect(notReady.body.error.context.reason).toBe("reference_not_ready");
    expect(await harness.available()).toBe(4940);
  });

  it("answers 402 insufficient_credits and charges nothing", async () => {
    const harness = await createHarness({ credits: 50 });
    const response = await post(harness, "/slideshows", { prompt: PROMPT });
    expect(response.status).toBe(402);
    expect(response.body.error.context).toEqual({ credits_required: 60, credits_available: 50 });
    expect(await harness.available()).toBe(50);
    expect(harness.queue.pending()).toEqual([]);
  });

  it("answers 500 and charges nothing when the queue refuses the job", async () => {
    const harness = await createHarness({ queueCapacity: 0 });
    const response = await post(harness, "/slideshows", { prompt: PROMPT });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({ code: "server_error", retryable: true });
    expect(await harness.available()).toBe(5000);
    const video = await get(harness, "/videos/1");
    expect(video.body).toMatchObject({ status: "error", error: { category: "queue_unavailable" } });
    expect(harness.serverErrors).toEqual([]);
  });
});

describe("POST /slideshows: idempotency, concurrency and rate limit", () => {
  it("replays a completed key and answers 409 to another body under it", async () => {
    const harness = await createHarness();
    const first = await post(harness, "/slideshows", { prompt: PROMPT }, { idempotencyKey: "s-1" });
    const again = await post(harness, "/slideshows", { prompt: PROMPT }, { idempotencyKey: "s-1" });
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    const other = await post(harness, "/slideshows", { prompt: "x" }, { idempotencyKey: "s-1" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    expect(await harness.available()).toBe(4940);
  });

  it("refuses an empty idempotency key", async () => {
    const harness = await createHarness();
    const header = await post(harness, "/slideshows", { prompt: PROMPT }, { idempotencyKey: "" });
    const body = await post(harness, "/slideshows", { prompt: PROMPT, idempotency_key: "" });
    expect([header.status, body.status]).toEqual([400, 400]);
    expect(await harness.available()).toBe(5000);
  });

  it("charges once for parallel requests with one key and never overdraws with many", async () => {
    const harness = await createHarness({ credits: 180 });
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(harness, "/slideshows", { prompt: PROMPT }, { idempotencyKey: "one" }),
      ),
    );
    expect(same.every((response) => [200, 409].includes(response.status))).toBe(true);
    expect(await harness.available()).toBe(120);
    const distinct = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        post(harness, "/slideshows", { prompt: PROMPT }, { idempotencyKey: `d-${index}` }),
      ),
    );
    expect(distinct.map((response) => response.status).sort()).toEqual([200, 200, 402, 402]);
    expect(await harness.available()).toBe(0);
    expect(harness.queue.pending()).toHaveLength(3);
  });

  it("answers 429 past the rate limit with the headers", async () => {
    const harness = await createHarness({ rateLimit: { maxRequests: 1, windowSeconds: 60 } });
    expect((await post(harness, "/slideshows", {}, { idempotencyKey: "a" })).status).toBe(200);
    const limited = await post(harness, "/slideshows", {}, { idempotencyKey: "b" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
  });
});

describe("GET /slideshows/{id}", () => {
  it("answers 404 for a missing slideshow and another organization's, 400 for a bad id", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/slideshows", { prompt: PROMPT });
    const id: string = created.body.slideshow_id;
    expect((await get(harness, `/slideshows/${id}`, KEYS.other)).status).toBe(404);
    expect((await get(harness, `/videos/${created.body.video_id}`, KEYS.other)).status).toBe(404);
    expect((await get(harness, `/slideshows/${MISSING_UUID}`)).status).toBe(404);
    expect((await get(harness, "/slideshows/not-a-uuid")).status).toBe(400);
  });

  it("needs a key with a generations scope; write is needed to create", async () => {
    const harness = await createHarness();
    expect((await post(harness, "/slideshows", {}, { key: KEYS.acmeRead })).status).toBe(403);
    const created = await post(harness, "/slideshows", {}, { key: KEYS.acmeWrite });
    const path = `/slideshows/${created.body.slideshow_id}`;
    expect((await get(harness, path, KEYS.acmeRead)).status).toBe(200);
    expect((await get(harness, path, KEYS.acmeSocial)).status).toBe(403);
    expect((await get(harness, path, KEYS.lapsed)).status).toBe(402);
    expect((await get(harness, path, KEYS.revoked)).status).toBe(401);
    expect((await harness.call("GET", path)).body.error.code).toBe("unauthorized");
    expect((await harness.call("POST", "/slideshows", { body: {} })).status).toBe(401);
  });
});
