/**
 * A product's job taken over mid-way: one host's run stops answering in the middle of a
 * step (a host that died), another host runs the same job, as a queue hands a job whose
 * claim expired to another worker. The second run starts at the first step without a
 * recorded output, asks no provider again for what was recorded, and the hold is
 * captured once.
 */
import {
  createService,
  JobInterruptedError,
  type JobStop,
  type Renderer,
  type VideoRecord,
} from "reelkit";
import { describe, expect, it } from "vitest";
import { get, post } from "../generations/support.js";
import { createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";
import { countedProviders, eventually, holdMoves, never, onlyQueuedJob } from "./support.js";

async function videoRecord(harness: Harness, id: number): Promise<VideoRecord> {
  const video = await harness.deps.stores.videos.get(ORGS.acme, id);
  if (video === undefined) throw new Error(`no video ${id}`);
  return video;
}

function recordedVisuals(video: VideoRecord): number {
  return video.workflow?.visuals.filter((visual) => visual !== null).length ?? 0;
}

// A renderer whose renders never finish, on the host that dies.
function stalledRenderer(): Renderer {
  return { ...stubRenderer(), renderVideo: () => never() };
}

interface TakeoverCase {
  /** The step the first host stops in. */
  readonly step: string;
  /** The provider call that never answers there, by method and number. */
  readonly stalls?: { readonly name: string; readonly call: number };
  /** True when the first host's render never finishes. */
  readonly stallsRender?: boolean;
}

const CASES: readonly TakeoverCase[] = [
  { step: "visuals", stalls: { name: "generate", call: 3 } },
  { step: "voice", stalls: { name: "synthesize", call: 1 } },
  { step: "render", stallsRender: true },
];

describe("a faceless video's job taken over by another host", () => {
  it.each(CASES)("resumes in $step without a second provider call or charge", async (takeover) => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/faceless-videos", {
      prompt: "Three facts about deep-sea octopuses",
      duration: 30,
    });
    const videoId: number = created.body.video_id;
    const job = onlyQueuedJob(harness);
    const dying = countedProviders(harness, (name, call) =>
      takeover.stalls?.name === name && takeover.stalls.call === call ? never() : undefined,
    );
    const dyingHost = createService({
      ...harness.deps,
      ...dying,
      ...(takeover.stallsRender === true ? { renderer: stalledRenderer() } : {}),
    });
    void dyingHost.processJob(job);
    await eventually(async () => {
      const video = await videoRecord(harness, videoId);
      const step = (await get(harness, `/videos/${videoId}`)).body.step;
      // Every visual asked for alongside the stalled one is recorded before it looks.
      return step === takeover.step && (step !== "visuals" || recordedVisuals(video) >= 3);
    });
    const atTakeover = await videoRecord(harness, videoId);
    const scenes =
      atTakeover.workflow?.kind === "faceless_video" ? atTakeover.workflow.scenes : null;
    const sceneCount = scenes?.length ?? 0;
    expect(sceneCount).toBeGreaterThanOrEqual(4);

    const surviving = countedProviders(harness);
    const keys: string[] = [];
    const survivor = createService({
      ...harness.deps,
      ...surviving,
      visuals: {
        generate: (request) => {
          keys.push(request.idempotencyKey);
          return surviving.visuals.generate(request);
        },
      },
    });
    await survivor.processJob({ ...job });

    const video = (await get(harness, `/videos/${videoId}`)).body;
    expect(video).toMatchObject({ status: "completed", step: "done" });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 1, release: 0 });
    // What the first host recorded is never asked for again.
    expect(dying.counts.planScenes).toBe(1);
    expect(surviving.counts.planScenes ?? 0).toBe(0);
    const recorded = recordedVisuals(atTakeover);
    expect(surviving.counts.generate ?? 0).toBe(sceneCount - recorded);
    expect(keys.every((key) => key.startsWith(`${job.holdId}:scene:`))).toBe(true);
    const spoke = takeover.step === "render" ? 1 : 0;
    expect(dying.counts.synthesize ?? 0).toBe(takeover.step === "visuals" ? 0 : 1);
    expect(surviving.counts.synthesize ?? 0).toBe(1 - spoke);
    if (takeover.step === "render") {
      // The project the first host built is the one rendered: its ids are unchanged.
      const project = (await get(harness, `/editor/videos/${videoId}`)).body.video.editor;
      expect(project).toEqual(JSON.parse(JSON.stringify(atTakeover.editor)));
    }
  });
});

describe("a slideshow's job taken over by another host", () => {
  it("resumes in its visuals without planning its slides again", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/slideshows", { prompt: "Linen", slide_count: 6 });
    const job = onlyQueuedJob(harness);
    const dying = countedProviders(harness, (name, call) =>
      name === "generate" && call === 5 ? never() : undefined,
    );
    void createService({ ...harness.deps, ...dying }).processJob(job);
    // Slides 1 to 4 and 6 are recorded; the fifth never answers.
    await eventually(
      async () => recordedVisuals(await videoRecord(harness, created.body.video_id)) === 5,
    );
    const surviving = countedProviders(harness);
    await createService({ ...harness.deps, ...surviving }).processJob({ ...job });
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    expect(slideshow).toMatchObject({ status: "completed", step: "done" });
    expect(slideshow.slides).toHaveLength(6);
    expect(dying.counts.planSlides).toBe(1);
    expect(surviving.counts.planSlides ?? 0).toBe(0);
    expect(surviving.counts.generate).toBe(1);
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 1, release: 0 });
  });
});

describe("a faceless video whose host stops while it renders", () => {
  it("stops the render, settles nothing, and is finished by its next run with one charge", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/faceless-videos", {
      prompt: "How lighthouses keep their light turning",
      duration: 20,
    });
    const videoId: number = created.body.video_id;
    const job = onlyQueuedJob(harness);
    const signals: Array<AbortSignal | undefined> = [];
    // The render runs until its signal aborts, then answers as the ffmpeg renderer does.
    const stopping: Renderer = {
      ...stubRenderer(),
      renderVideo: (_plan, _target, options) =>
        new Promise((resolve) => {
          signals.push(options?.signal);
          options?.signal?.addEventListener("abort", () =>
            resolve({
              ok: false,
              error: { code: "render_aborted", message: "The render was stopped." },
            } as Awaited<ReturnType<Renderer["renderVideo"]>>),
          );
        }),
    };
    const controller = new AbortController();
    const stoppingHost = createService({ ...harness.deps, renderer: stopping });
    const run = stoppingHost.processJob(job, { signal: controller.signal });
    await eventually(async () => (await get(harness, `/videos/${videoId}`)).body.step === "render");
    await eventually(async () => signals.length === 1);
    const stop: JobStop = { kind: "interrupted", resumed: true };
    controller.abort(stop);
    await expect(run).rejects.toBeInstanceOf(JobInterruptedError);
    expect(signals[0]?.aborted).toBe(true);
    expect((await get(harness, `/videos/${videoId}`)).body).toMatchObject({
      status: "generating",
      step: "render",
    });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 0 });

    await createService(harness.deps).processJob({ ...job });
    const finished = (await get(harness, `/videos/${videoId}`)).body;
    expect(finished).toMatchObject({ status: "completed", step: "done", export_outdated: false });
    // The file shows the project as built; an edit moves the project past it.
    expect(finished.export_revision).toBe(finished.project_revision);
    const edited = await harness.call("PATCH", `/editor/videos/${videoId}`, {
      key: KEYS.acme,
      body: { operations: [{ type: "set_title", title: "Lighthouses" }] },
    });
    expect(edited.status).toBe(200);
    expect((await get(harness, `/videos/${videoId}`)).body).toMatchObject({
      export_revision: finished.export_revision,
      project_revision: finished.project_revision + 1,
      export_outdated: true,
    });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 1, release: 0 });
  });
});
