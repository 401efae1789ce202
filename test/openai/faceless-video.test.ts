/**
 * A faceless video and a slideshow made through the service with every provider on
 * OpenAI (a local server speaking its wire format): a success completes with OpenAI's
 * outputs stored, and each class of OpenAI failure ends the video as the job failure
 * model says, its hold released exactly once.
 */
import { createProjectMediaReader, type ReelkitService } from "reelkit";
import { createOpenAIProviders, type OpenAIProviders } from "reelkit/openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { get, post } from "../service/generations/support.js";
import { holdMoves, onlyQueuedJob } from "../service/products/support.js";
import { createHarness, type Harness } from "../service/support/harness.js";
import { stubRenderer } from "../service/support/stub-renderer.js";
import {
  FAKE_OPENAI_KEY,
  type FakeOpenAI,
  MODERATION_BLOCKED,
  RATE_LIMITED,
  type Scripted,
  SERVER_ERROR,
  startFakeOpenAI,
} from "./support/fake-openai.js";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

// The harness's own handler serves the requests, so its ports must be OpenAI's from the
// start; they are made once its storage exists, and reached through this late binding.
async function openAIService(): Promise<{ harness: Harness; service: ReelkitService }> {
  let openai: OpenAIProviders | undefined;
  const bound = () => {
    if (openai === undefined) throw new Error("the OpenAI providers are not made yet");
    return openai;
  };
  const harness = await createHarness({
    renderer: () => stubRenderer(),
    overrides: {
      visuals: { generate: (request) => bound().visuals.generate(request) },
      speech: { synthesize: (request) => bound().speech.synthesize(request) },
      transcription: { transcribe: (request) => bound().transcription.transcribe(request) },
      scriptWriter: {
        write: (request) => bound().scriptWriter.write(request),
        planScenes: (request) => bound().scriptWriter.planScenes?.(request) ?? Promise.resolve([]),
        planSlides: (request) => bound().scriptWriter.planSlides?.(request) ?? Promise.resolve([]),
      },
    },
  });
  let id = 0;
  openai = createOpenAIProviders({
    apiKey: FAKE_OPENAI_KEY,
    baseURL: fake.baseURL,
    storage: harness.storage,
    newId: () => `openai-${++id}`,
    readMedia: createProjectMediaReader({
      mediaStorage: harness.storage,
      urlFetcher: harness.deps.urlFetcher,
    }),
    limits: { timeoutSeconds: 1, attempts: 2, retryAfterMaxSeconds: 0.05 },
  });
  return { harness, service: harness.service };
}

describe("a faceless video on OpenAI", () => {
  it("is written, drawn, spoken, timed and built from OpenAI's answers", async () => {
    const { harness, service } = await openAIService();
    const created = await post(harness, "/faceless-videos", { prompt: "Octopuses", duration: 10 });
    expect(created.status).toBe(200);
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "completed", error: null });
    const paths = fake.requests.map((request) => request.path);
    expect(paths.filter((path) => path === "/v1/chat/completions")).toHaveLength(2);
    expect(paths.filter((path) => path === "/v1/images/generations")).toHaveLength(4);
    expect(paths.filter((path) => path === "/v1/audio/speech")).toHaveLength(1);
    const project = (await get(harness, `/editor/videos/${created.body.video_id}`)).body;
    expect(project.video.editor_summary.itemTypes).toMatchObject({ audio: 1, captions: 1 });
    expect(harness.serverErrors).toEqual([]);
  });
});

describe("a slideshow on OpenAI", () => {
  it("is planned with OpenAI's headlines and drawn by its image model", async () => {
    const { harness, service } = await openAIService();
    const created = await post(harness, "/slideshows", { prompt: "Linen care", slide_count: 3 });
    expect(created.status).toBe(200);
    await harness.queue.runPending(service.processJob);
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    expect(slideshow).toMatchObject({ status: "completed" });
    const plans = fake.requests.filter((request) => request.path === "/v1/chat/completions");
    expect(plans.map((request) => request.body.response_format)).toMatchObject([
      { json_schema: { name: "slide_plan", strict: true } },
    ]);
    const drawn = fake.requests.filter((request) => request.path === "/v1/images/generations");
    expect(drawn.map((request) => request.body.prompt)).toEqual([
      "Folded linen, photo 1",
      "Folded linen, photo 2",
      "Folded linen, photo 3",
    ]);
    // Each slide is OpenAI's picture, stored in the deployment's storage.
    for (const slide of slideshow.slides as { image_url: string }[]) {
      const stored = await harness.storage.open(harness.storage.objectKeyOf(slide.image_url) ?? "");
      expect(stored?.contentType).toBe("image/png");
    }
    expect(harness.serverErrors).toEqual([]);
  });
});

const IMAGES = "/v1/images/generations";

const FAILURES: readonly {
  readonly name: string;
  readonly answers: readonly Scripted[];
  readonly category: string;
  readonly retryable: boolean;
}[] = [
  {
    name: "a content-policy refusal",
    answers: [{ status: 400, body: MODERATION_BLOCKED }],
    category: "content_policy",
    retryable: false,
  },
  {
    name: "a 429 with a long retry-after",
    answers: [{ status: 429, body: RATE_LIMITED, headers: { "retry-after": "30" } }],
    category: "rate_limited",
    retryable: true,
  },
  {
    name: "a lasting 500",
    answers: [
      { status: 500, body: SERVER_ERROR },
      { status: 500, body: SERVER_ERROR },
    ],
    category: "provider_unavailable",
    retryable: true,
  },
  { name: "a timeout", answers: ["hang", "hang"], category: "provider_timeout", retryable: true },
];

describe("a faceless video failing on OpenAI", () => {
  it.each(FAILURES)("ends on $name as the failure model says, refunded once", async (failure) => {
    const { harness, service } = await openAIService();
    // The second scene's picture fails; the first was drawn.
    fake.script(IMAGES, "answer", ...failure.answers);
    const created = await post(harness, "/faceless-videos", { prompt: "Octopuses", duration: 10 });
    const job = onlyQueuedJob(harness);
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", step: "visuals" });
    expect(video.error).toMatchObject({
      code: "generation_failed",
      category: failure.category,
      retryable: failure.retryable,
      credits_returned: true,
    });
    expect(await harness.available()).toBe(5000);
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    await service.processJob({ ...job });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    expect(harness.serverErrors).toEqual([]);
  });
});
