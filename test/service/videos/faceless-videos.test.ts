import { ProviderError, type ScriptRequest } from "reelkit";
import { createStaticWorkspaceDirectory } from "reelkit/memory";
import { FACELESS_IMAGE_STYLE_DEFAULT, VOICEOVER_MAX_WORDS } from "reelkit/schemas";
import {
  createSimulatedScriptWriter,
  DEMO_ASSETS,
  DEMO_CATALOG,
  DEMO_SOUND_EFFECTS,
} from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { get, post, START } from "../generations/support.js";
import { createHarness, KEYS } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";

const PROMPT = "Three facts about deep-sea octopuses";

describe("POST /faceless-videos", () => {
  it("writes the script, queues the video with the defaults, and answers the script", async () => {
    const requests: ScriptRequest[] = [];
    const writer = createSimulatedScriptWriter();
    const scriptWriter = {
      write: (request: ScriptRequest) => {
        requests.push(request);
        return writer.write(request);
      },
    };
    const harness = await createHarness({ overrides: { scriptWriter } });
    const response = await post(harness, "/faceless-videos", { prompt: PROMPT });
    expect(response.status).toBe(200);
    expect(requests).toEqual([
      { prompt: PROMPT, durationSeconds: 26, language: "en", wordsPerSecond: 2.5 },
    ]);
    const script = await writer.write(requests[0] as ScriptRequest);
    expect(response.body).toEqual({
      object: "faceless_video_generation",
      status: "queued",
      video_id: 1,
      credits_deducted: 60,
      remaining_credits: 4940,
      script,
    });
    const [job] = harness.queue.pending();
    expect(job).toMatchObject({ kind: "faceless_video", resourceId: "1" });
    expect(job?.input).toStrictEqual({
      prompt: PROMPT,
      script,
      title: PROMPT,
      aspect_ratio: "9:16",
      duration: "26",
      image_style: FACELESS_IMAGE_STYLE_DEFAULT,
      voice_id: "ash",
      language: "en",
      words_per_second: 2.5,
    });
    const video = await get(harness, "/videos/1");
    expect(video.body).toEqual({
      object: "video",
      id: 1,
      status: "queued",
      video_url: null,
      url: null,
      title: PROMPT,
      video_type: "faceless_video",
      step: "scenes",
      error: null,
      created_at: START,
      updated_at: START,
    });
  });

  it("narrates a given script as is and prices the voice at 16:9", async () => {
    const harness = await createHarness();
    const script = "Octopuses have three hearts. Two pump blood to the gills.";
    const response = await post(harness, "/faceless-videos", {
      script,
      voice_id: "nova",
      aspect_ratio: "16:9",
      duration: 45,
      brand_kit_id: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ script, credits_deducted: 80 });
    expect(harness.queue.pending()[0]?.input).toMatchObject({ duration: "45", voice_id: "nova" });
    const video = await get(harness, `/videos/${response.body.video_id}`);
    expect(video.body.title).toBe("Octopuses have three hearts. Two pump blood to the gills.");
  });

  it("completes the video with the URL of its rendered project once the job ran", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT });
    await harness.runJobs();
    const video = await get(harness, `/videos/${created.body.video_id}`);
    expect(video.body).toMatchObject({ status: "completed", step: "done", error: null });
    expect(video.body.url).toMatch(/\/exports\/1\/1\/[0-9a-f]{64}\.mp4$/);
    expect(video.body.video_url).toBe(video.body.url);
    expect(await harness.available()).toBe(4940);
  });

  it("reports a failed video and refunds it exactly once", async () => {
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
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT });
    const [job] = harness.queue.pending();
    if (job === undefined) throw new Error("expected a queued job");
    await harness.runJobs();
    await harness.service.processJob({ ...job });
    const video = await get(harness, `/videos/${created.body.video_id}`);
    expect(video.body).toMatchObject({ status: "error", step: "visuals", url: null });
    expect(video.body.error).toEqual({
      code: "generation_failed",
      message: "The visual generator failed: The image model is down.",
      retryable: true,
      category: "provider_unavailable",
      credits_returned: true,
    });
    expect(await harness.available()).toBe(5000);
    expect(harness.serverErrors).toEqual([]);
  });

  it("answers 400 without a prompt or a script, and for values out of range", async () => {
    const harness = await createHarness();
    const cases = [
      [{}, "prompt"],
      [{ prompt: "  ", script: "" }, "prompt"],
      [{ prompt: PROMPT, duration: "4" }, "duration"],
      [{ prompt: PROMPT, duration: "181" }, "duration"],
      [{ prompt: PROMPT, aspect_ratio: "1:1" }, "aspect_ratio"],
      [
        { prompt: PROMPT, selected_ai_styles: Array.from({ length: 9 }, () => "s") },
        "selected_ai_styles",
      ],
    ] as const;
    for (const [body, field] of cases) {
      const response = await post(harness, "/faceless-videos", body);
      expect(response.status, field).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe(field);
    }
    const fiveSeconds = await post(harness, "/faceless-videos", { prompt: PROMPT, duration: "5" });
    expect(fiveSeconds.status).toBe(200);
    expect(await harness.available()).toBe(4940);
  });

  it("answers 400 for a script longer than one voiceover narrates, charging nothing", async () => {
    const harness = await createHarness();
    const fits = Array.from({ length: VOICEOVER_MAX_WORDS }, () => "word").join(" ");
    const accepted = await post(harness, "/faceless-videos", { script: fits, duration: 180 });
    expect(accepted.status).toBe(200);
    const tooLong = await post(harness, "/faceless-videos", { script: `${fits} more` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.context).toMatchObject({
      reason: "script_too_long",
      spoken_words: VOICEOVER_MAX_WORDS + 1,
      max_spoken_words: VOICEOVER_MAX_WORDS,
      fields: [expect.objectContaining({ path: "script", issue: "script_too_long" })],
    });
    // A hundred words, but each trailed by silent punctuation: 12,499 characters.
    const padded = Array.from({ length: 100 }, () => `word${".".repeat(120)}`).join(" ");
    const tooManyCharacters = await post(harness, "/faceless-videos", { script: padded });
    expect(tooManyCharacters.status).toBe(400);
    expect(tooManyCharacters.body.error.context).toMatchObject({
      reason: "script_too_long",
      spoken_words: 100,
      characters: 12_499,
      max_characters: 12_000,
    });
    expect(await harness.available()).toBe(5000 - accepted.body.credits_deducted);
  });

  it("sizes a written script at the chosen voice's words per second", async () => {
    const requests: ScriptRequest[] = [];
    const writer = createSimulatedScriptWriter();
    const scriptWriter = {
      write: (request: ScriptRequest) => {
        requests.push(request);
        return writer.write(request);
      },
    };
    const workspace = createStaticWorkspaceDirectory({
      catalog: DEMO_CATALOG,
      assets: {
        ...DEMO_ASSETS,
        voices: DEMO_ASSETS.voices.map((voice) => ({ ...voice, words_per_second: 3.2 })),
      },
      soundEffects: DEMO_SOUND_EFFECTS,
    });
    const paced = await createHarness({ overrides: { scriptWriter, workspace } });
    const response = await post(paced, "/faceless-videos", { prompt: PROMPT, duration: 20 });
    expect(response.status).toBe(200);
    expect(requests.at(-1)?.wordsPerSecond).toBe(3.2);
    expect(paced.queue.pending()[0]?.input).toMatchObject({ words_per_second: 3.2 });
  });

  it("answers 404 for a voice or brand kit the workspace lacks", async () => {
    const harness = await createHarness();
    const voice = await post(harness, "/faceless-videos", { prompt: PROMPT, voice_id: "zed" });
    const kit = await post(harness, "/faceless-videos", { prompt: PROMPT, brand_kit_id: 5 });
    expect(voice.status).toBe(404);
    expect(voice.body.error.context).toEqual({ field: "voice_id", voice_id: "zed" });
    expect(kit.status).toBe(404);
    expect(kit.body.error.context).toEqual({ field: "brand_kit_id" });
    expect(await harness.available()).toBe(5000);
  });

  it("answers 402 insufficient_credits, and returns the hold when writing the script fails", async () => {
    const poor = await createHarness({ credits: 59 });
    const refused = await post(poor, "/faceless-videos", { prompt: PROMPT });
    expect(refused.status).toBe(402);
    expect(refused.body.error.context).toEqual({ credits_required: 60, credits_available: 59 });
    const scriptWriter = {
      write: async () => {
        throw new Error("the language model is down");
      },
    };
    const broken = await createHarness({ overrides: { scriptWriter } });
    const failed = await post(broken, "/faceless-videos", { prompt: PROMPT });
    expect(failed.status).toBe(500);
    expect(await broken.available()).toBe(5000);
    expect(broken.serverErrors).toHaveLength(1);
  });

  it("replays a key with the same script, answers 409 for another body, and charges once", async () => {
    const harness = await createHarness();
    const body = { prompt: PROMPT, idempotency_key: "f-1" };
    const first = await post(harness, "/faceless-videos", body);
    const again = await post(harness, "/faceless-videos", body);
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    const other = await post(harness, "/faceless-videos", { ...body, prompt: "other" });
    expect(other.status).toBe(409);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(harness, "/faceless-videos", { prompt: PROMPT }, { idempotencyKey: "f-2" }),
      ),
    );
    expect(parallel.every((response) => [200, 409].includes(response.status))).toBe(true);
    expect(await harness.available()).toBe(4880);
    expect(harness.queue.pending()).toHaveLength(2);
  });

  it("never overdraws with parallel requests under distinct keys", async () => {
    const harness = await createHarness({ credits: 180 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(harness, "/faceless-videos", { prompt: PROMPT }, { idempotencyKey: `p-${index}` }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 402, 402, 402,
    ]);
    expect(await harness.available()).toBe(0);
  });

  it("answers 403 to read-only keys, 401 without a key, and 429 past the rate limit", async () => {
    const harness = await createHarness({ rateLimit: { maxRequests: 1, windowSeconds: 60 } });
    const readOnly = await post(
      harness,
      "/faceless-videos",
      { prompt: PROMPT },
      { key: KEYS.acmeRead },
    );
    expect(readOnly.status).toBe(403);
    const anonymous = await harness.call("POST", "/faceless-videos", { body: { prompt: PROMPT } });
    expect(anonymous.status).toBe(401);
    expect((await post(harness, "/faceless-videos", { prompt: PROMPT })).status).toBe(200);
    const limited = await post(harness, "/faceless-videos", { prompt: PROMPT });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await harness.available()).toBe(4940);
  });
});
