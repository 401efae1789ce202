/**
 * A replaced export stops rendering, on both store sets: exporting a 10-minute timeline,
 * editing it and exporting again stops the first ffmpeg at once (on PostgreSQL through
 * the worker's job cancels channel), charges only the second export, and the second
 * export's MP4 is what the edited timeline shows.
 */
import {
  createProjectMediaReader,
  type RenderCallOptions,
  type RenderError,
  type RenderedVideo,
  type Renderer,
  type Result,
} from "reelkit";
import { createFfmpegRenderer } from "reelkit/render";
import { afterEach, expect, it } from "vitest";
import { describeRendering } from "../../render/support/ffmpeg.js";
import { probe } from "../../support/ffprobe.js";
import { createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";
import { storedBytes } from "./export-and-frame-support.js";

const START_CREDITS = 5000;
// Ten started minutes at 5 credits each; the short timeline after the edit costs 5.
const LONG_EXPORT_PRICE = 50;
const SHORT_EXPORT_PRICE = 5;

/** Each render the renderer was asked for: when ffmpeg reported progress, and its answer. */
interface RenderCall {
  readonly durationSeconds: number;
  readonly progressing: Promise<void>;
  readonly answered: Promise<Result<RenderedVideo, RenderError>>;
  readonly aborted: () => boolean;
}

// The ffmpeg renderer, with each call recorded.
function recordingRenderer(real: Renderer, calls: RenderCall[]): Renderer {
  return {
    ...real,
    renderVideo(plan, target, options: RenderCallOptions = {}) {
      let progressed: () => void = () => undefined;
      const progressing = new Promise<void>((resolve) => {
        progressed = resolve;
      });
      const answered = real.renderVideo(plan, target, {
        ...options,
        onProgress: (progress) => {
          progressed();
          options.onProgress?.(progress);
        },
      });
      calls.push({
        durationSeconds: plan.durationSeconds,
        progressing,
        answered,
        aborted: () => options.signal?.aborted === true,
      });
      return answered;
    },
  };
}

let harness: Harness;

afterEach(async () => {
  await harness.queue.stop();
  expect(harness.serverErrors).toEqual([]);
});

function exportVideo(id: number) {
  return harness.call("POST", `/editor/videos/${id}/export`, {
    key: KEYS.acme,
    body: { resolution: "480p" },
  });
}

describeRendering("a replaced export", () => {
  it("stops its ffmpeg at once, is never charged, and the newer export renders the edit", async () => {
    const calls: RenderCall[] = [];
    harness = await createHarness({
      renderer: (sources) =>
        recordingRenderer(
          createFfmpegRenderer({ readMedia: createProjectMediaReader(sources) }),
          calls,
        ),
    });
    const id = await createProject(harness, { title: "Long", aspect_ratio: "16:9" });
    const solid = (color: string, seconds: number) => ({
      type: "add_solid",
      left: 0,
      top: 0,
      width: 1920,
      height: 1080,
      duration_seconds: seconds,
      style: { color },
    });
    await patchProject(harness, id, { operations: [solid("#ff0000", 600)] });
    harness.queue.start(harness.service.processJob);

    expect((await exportVideo(id)).body).toMatchObject({ credits_deducted: LONG_EXPORT_PRICE });
    while (calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const [long] = calls;
    if (long === undefined) throw new Error("no render");
    expect(long.durationSeconds).toBe(600);
    // ffmpeg is running: it reported progress.
    await long.progressing;

    const [red] = Object.keys((await readProject(harness, id)).editor.items);
    await patchProject(harness, id, {
      operations: [{ type: "remove_item", item_id: red }, solid("#0000ff", 2)],
    });
    expect((await exportVideo(id)).body).toMatchObject({ credits_deducted: SHORT_EXPORT_PRICE });

    // The replaced render answers as soon as its ffmpeg is stopped, long before ten
    // minutes of video could be encoded.
    expect(await long.answered).toMatchObject({ ok: false, error: { code: "render_aborted" } });
    expect(long.aborted()).toBe(true);
    await harness.queue.idle();
    expect(calls.map((call) => call.durationSeconds)).toEqual([600, 2]);

    const video = (await harness.call("GET", `/videos/${id}`, { key: KEYS.acme })).body;
    expect(video).toMatchObject({ status: "completed", error: null });
    const mp4 = probe(await storedBytes(harness, video.url), "mp4");
    expect(Math.abs(mp4.durationSeconds - 2)).toBeLessThanOrEqual(1 / 30);
    const balance = await harness.deps.credits.balance(ORGS.acme);
    expect(balance).toEqual({
      posted: START_CREDITS - SHORT_EXPORT_PRICE,
      pending: 0,
      available: START_CREDITS - SHORT_EXPORT_PRICE,
    });
  });
});
