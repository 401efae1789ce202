/**
 * A product's workflow failing at each of its steps: the video (and a slideshow) ends in
 * `error` at that step with the provider's category, its one hold is released exactly
 * once, and running the job again changes nothing.
 */
import {
  createService,
  ProviderError,
  type ReelkitService,
  type RenderFailure,
  type ServiceDependencies,
} from "reelkit";
import { describe, expect, it } from "vitest";
import { get, post } from "../generations/support.js";
import { createHarness, type Harness } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";
import { countedProviders, holdMoves, onlyQueuedJob } from "./support.js";

const PROMPT = "Three facts about deep-sea octopuses";

const outage = (what: string) =>
  new ProviderError({
    category: "provider_unavailable",
    message: `${what} is down.`,
    retryable: true,
  });

const RENDER_FAILED: RenderFailure = {
  ok: false,
  error: { code: "render_failed", message: "ffmpeg said: [h264 @ 0x55d0c0] broken pipe" },
};

interface FailureCase {
  /** The step the workflow stops at. */
  readonly step: string;
  /** The failing provider method and the call of it that fails. */
  readonly fails?: { readonly name: string; readonly call: number };
  /** The renderer's failure, for the render step. */
  readonly render?: RenderFailure;
  /** The failure as GET /videos/{id} reports it. */
  readonly error: {
    readonly category: string;
    readonly retryable: boolean;
    readonly message: string;
  };
  /** Changes of the providers besides the failure. */
  readonly providers?: (deps: ServiceDependencies) => Partial<ServiceDependencies>;
}

// Speech that reports no word times, so the word timing step asks transcription.
const speechWithoutWords = (deps: ServiceDependencies): Partial<ServiceDependencies> => ({
  speech: {
    synthesize: async (request) => ({ ...(await deps.speech.synthesize(request)), words: [] }),
  },
});

const FACELESS_CASES: readonly FailureCase[] = [
  {
    step: "scenes",
    fails: { name: "planScenes", call: 1 },
    error: {
      category: "provider_unavailable",
      retryable: true,
      message: "The script writer failed: planScenes is down.",
    },
  },
  {
    step: "visuals",
    fails: { name: "generate", call: 2 },
    error: {
      category: "provider_unavailable",
      retryable: true,
      message: "The visual generator failed: generate is down.",
    },
  },
  {
    step: "voice",
    fails: { name: "synthesize", call: 1 },
    error: {
      category: "provider_unavailable",
      retryable: true,
      message: "The speech provider failed: synthesize is down.",
    },
  },
  {
    step: "word_timing",
    fails: { name: "transcribe", call: 1 },
    providers: speechWithoutWords,
    error: {
      category: "provider_unavailable",
      retryable: true,
      message: "The transcription provider failed: transcribe is down.",
    },
  },
  {
    step: "render",
    render: RENDER_FAILED,
    error: {
      category: "render_failed",
      // A render that fails for want of a known cause is a server error, so retryable
      // (spec 7.3), as for exports.
      retryable: true,
      // ffmpeg's own output stays in the server's logs.
      message:
        "The render failed: The renderer could not draw this project; the same project fails the same way.",
    },
  },
];

// A harness and a service over its ports whose providers fail as the case says.
async function failing(
  failure: FailureCase,
): Promise<{ harness: Harness; service: ReelkitService }> {
  const harness = await createHarness({ renderer: () => stubRenderer(failure.render) });
  const base = { ...harness.deps, ...failure.providers?.(harness.deps) };
  const providers = countedProviders({ ...harness, deps: base }, (name, call) => {
    if (failure.fails?.name === name && failure.fails.call === call) throw outage(name);
  });
  return { harness, service: createService({ ...base, ...providers }) };
}

describe("a faceless video failing at a step", () => {
  it.each(FACELESS_CASES)("stops at $step, reports why, and is refunded once", async (failure) => {
    const { harness, service } = await failing(failure);
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT, duration: 20 });
    expect(created.status).toBe(200);
    const job = onlyQueuedJob(harness);
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({
      status: "error",
      step: failure.step,
      url: null,
      video_url: null,
    });
    expect(video.error).toEqual({
      code: "generation_failed",
      credits_returned: true,
      ...failure.error,
    });
    expect(await harness.available()).toBe(5000);
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    await service.processJob({ ...job });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    expect((await get(harness, `/videos/${created.body.video_id}`)).body).toEqual(video);
    expect(harness.serverErrors).toEqual([]);
  });

  it("builds the project without a renderer, then fails its render naming the renderer", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT, duration: 20 });
    await harness.runJobs();
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", step: "render" });
    expect(video.error).toMatchObject({
      category: "renderer_unavailable",
      retryable: false,
      credits_returned: true,
    });
    expect(video.error.message).toContain("no renderer");
    const project = await get(harness, `/editor/videos/${created.body.video_id}`);
    expect(project.status).toBe(200);
    expect(project.body.video.editor_summary.itemTypes).toMatchObject({ audio: 1, captions: 1 });
    expect(await harness.available()).toBe(5000);
  });

  it("records a content-policy refusal as not retryable, whatever the provider said", async () => {
    const visuals = {
      generate: async () => {
        throw new ProviderError({
          category: "content_policy",
          message: "The prompt asks for something the model does not draw.",
          retryable: true,
        });
      },
    };
    const harness = await createHarness({ overrides: { visuals } });
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT });
    await harness.runJobs();
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video.error).toMatchObject({
      category: "content_policy",
      retryable: false,
      credits_returned: true,
    });
  });

  it("fails the scenes step on a plan that does not narrate the script whole", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const scriptWriter = {
      ...harness.deps.scriptWriter,
      planScenes: async () => [{ text: "Only this.", visualPrompt: "A sea.", targetSeconds: 1 }],
    };
    const service = createService({ ...harness.deps, scriptWriter });
    const created = await post(harness, "/faceless-videos", { prompt: PROMPT });
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", step: "scenes" });
    expect(video.error).toMatchObject({
      category: "invalid_provider_output",
      message:
        "The script writer gave an answer that cannot be used: The scenes do not narrate the script whole and in order.",
      retryable: true,
    });
  });
});

describe("a slideshow failing at a step", () => {
  it.each([
    { step: "slides", name: "planSlides", render: undefined },
    { step: "visuals", name: "generate", render: undefined },
    { step: "render", name: "none", render: RENDER_FAILED },
  ])("stops at $step, with its video, and is refunded once", async ({ step, name, render }) => {
    const harness = await createHarness({ renderer: () => stubRenderer(render) });
    const providers = countedProviders(harness, (called) => {
      if (called === name) throw outage(called);
    });
    const service = createService({ ...harness.deps, ...providers });
    const created = await post(harness, "/slideshows", { prompt: "Linen", slide_count: 3 });
    const job = onlyQueuedJob(harness);
    await harness.queue.runPending(service.processJob);
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    expect(slideshow).toMatchObject({ status: "error", step, url: null });
    expect(slideshow.error).toMatchObject({ credits_returned: true });
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", step });
    expect(await harness.available()).toBe(5000);
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
  });
});
