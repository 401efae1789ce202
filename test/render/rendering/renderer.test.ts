import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFfmpegRenderer, RENDER_FAILURE_CODES, type RenderFailure } from "reelkit/render";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import {
  REQUIRED_ENCODERS,
  REQUIRED_FILTERS,
} from "../../../src/render/node/ffmpeg-availability.js";
import { image, solid, video } from "../../editor/support/fixtures.js";
import { describeRendering, fixtureRenderer } from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { box, planOf, square } from "../support/timelines.js";

const still = square([[solid({ id: "a", from: 0, durationInFrames: 30 }, box(0, 0, 120, 120))]]);
const pictured = square([[image({ id: "p", from: 0, durationInFrames: 30 }, box(0, 0, 120, 120))]]);
// Long enough (about a minute of 4K frames to encode) that it is still running when stopped.
const long = square([[video({ id: "v", from: 0, durationInFrames: 1800 }, box(0, 0, 120, 120))]]);

function failed(result: { ok: boolean }): RenderFailure["error"] {
  if (result.ok) throw new Error("expected the render to fail");
  return (result as RenderFailure).error;
}

describe("a renderer without ffmpeg", () => {
  it("answers every render with renderer_unavailable naming ffmpeg, and never throws", async () => {
    const renderer = createFfmpegRenderer({
      ffmpegPath: "/nonexistent/ffmpeg",
      readMedia: async () => ({ ok: false, error: "not reached" }),
    });
    const frame = failed(await renderer.renderFrame(planOf(still, { atSeconds: 0 })));
    expect(frame).toMatchObject({ code: "renderer_unavailable", missing: "ffmpeg" });
    expect(frame.message).toContain("/nonexistent/ffmpeg");
    const video = failed(await renderer.renderVideo(planOf(still), { path: "/tmp/never.mp4" }));
    expect(video.code).toBe("renderer_unavailable");
    expect(RENDER_FAILURE_CODES).toContain(video.code);
    // Once the check has answered, work is refused before it is asked for.
    expect(renderer.check?.({ kind: "video", plan: planOf(still) })?.error).toMatchObject({
      code: "renderer_unavailable",
      missing: "ffmpeg",
    });
  });

  it("names the filter an ffmpeg without libass lacks", async () => {
    // A stand-in ffmpeg that lists every filter but ass, and every encoder.
    const folder = mkdtempSync(join(tmpdir(), "reelkit-fake-ffmpeg-"));
    const program = join(folder, "ffmpeg");
    const filters = REQUIRED_FILTERS.filter((name) => name !== "ass")
      .map((name) => ` ... ${name}  V->V  a filter`)
      .join("\n");
    const encoders = REQUIRED_ENCODERS.map((name) => ` V..... ${name}  an encoder`).join("\n");
    writeFileSync(
      program,
      `#!/bin/sh\ncase "$3" in\n  -filters) printf '%s\\n' "${filters}" ;;\n  -encoders) printf '%s\\n' "${encoders}" ;;\nesac\n`,
      { mode: 0o755 },
    );
    const renderer = createFfmpegRenderer({
      ffmpegPath: program,
      readMedia: async () => ({ ok: false, error: "not reached" }),
    });
    const error = failed(await renderer.renderFrame(planOf(still, { atSeconds: 0 })));
    expect(error).toMatchObject({ code: "renderer_unavailable", missing: "ffmpeg filter ass" });
    expect(error.message).toContain("libass");
    rmSync(folder, { recursive: true, force: true });
  });
});

describeRendering("renderer limits and failures", () => {
  let folder = "";
  let work = "";

  beforeAll(() => {
    folder = makeMedia();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const workFolder = () => {
    work = mkdtempSync(join(tmpdir(), "reelkit-render-work-"));
    return work;
  };

  it("answers media_unavailable when the reader refuses or throws", async () => {
    const refusing = createFfmpegRenderer({
      readMedia: async () => ({ ok: false, error: "blocked address" }),
    });
    const refused = failed(await refusing.renderFrame(planOf(pictured, { atSeconds: 0 })));
    expect(refused.code).toBe("media_unavailable");
    expect(refused.message).toContain("https://media.test/halves.png");
    expect(refused.message).toContain("blocked address");
    const throwing = createFfmpegRenderer({
      readMedia: async () => {
        throw new Error("storage down");
      },
    });
    expect(
      failed(await throwing.renderFrame(planOf(pictured, { atSeconds: 0 }))).message,
    ).toContain("storage down");
  });

  it("answers media_too_large past the input limit", async () => {
    const renderer = fixtureRenderer(folder, { limits: { inputMaxBytes: 100 } });
    expect(failed(await renderer.renderFrame(planOf(pictured, { atSeconds: 0 }))).code).toBe(
      "media_too_large",
    );
  });

  it("answers a file ffmpeg cannot decode as media_undecodable naming it, ffmpeg's words going to the logger alone", async () => {
    const logged: { message: string; fields: unknown }[] = [];
    const renderer = createFfmpegRenderer({
      readMedia: async () => ({
        ok: true,
        value: new TextEncoder().encode("not a picture at all"),
      }),
      logger: { log: (_level, message, fields) => logged.push({ message, fields }) },
    });
    const error = failed(await renderer.renderFrame(planOf(pictured, { atSeconds: 0 })));
    expect(error).toMatchObject({ code: "media_undecodable", assetId: "image-asset", itemId: "p" });
    expect(error.message).not.toMatch(/input-0|0x[0-9a-f]{6,}|\/tmp\//);
    expect(logged).toEqual([
      {
        message: "ffmpeg failed",
        fields: expect.objectContaining({ stderr: expect.stringContaining("input-0") }),
      },
    ]);
  });

  it("stops ffmpeg at its time limit, and when the caller aborts", async () => {
    const renderer = fixtureRenderer(folder, { limits: { videoTimeoutSeconds: 0.3 } });
    const slow = planOf(long, { width: 3840 });
    const timedOut = failed(
      await renderer.renderVideo(slow, { path: join(tmpdir(), "never.mp4") }),
    );
    expect(timedOut.code).toBe("render_timeout");
    const abortable = fixtureRenderer(folder);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const aborted = failed(
      await abortable.renderVideo(
        slow,
        { path: join(tmpdir(), "never.mp4") },
        { signal: controller.signal },
      ),
    );
    expect(aborted.code).toBe("render_aborted");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      failed(
        await abortable.renderFrame(planOf(still, { atSeconds: 0 }), {
          signal: AbortSignal.abort(),
        }),
      ).code,
    ).toBe("render_aborted");
  });

  it("answers output_too_large past the output limit", async () => {
    const renderer = fixtureRenderer(folder, { limits: { outputMaxBytes: 2000 } });
    const error = failed(
      await renderer.renderVideo(planOf(long), { path: join(tmpdir(), "never.mp4") }),
    );
    expect(error.code).toBe("output_too_large");
  });

  it("answers renderer_busy when every slot and the queue are taken", async () => {
    const renderer = fixtureRenderer(folder, { limits: { imageConcurrency: 1, imageQueueMax: 0 } });
    const first = renderer.renderFrame(planOf(still, { atSeconds: 0 }));
    const second = await renderer.renderFrame(planOf(still, { atSeconds: 0 }));
    expect(failed(second).code).toBe("renderer_busy");
    expect((await first).ok).toBe(true);
  });

  it("renders a frame while exports hold every video slot: frames have slots of their own", async () => {
    const renderer = fixtureRenderer(folder, {
      limits: { videoConcurrency: 1, videoQueueMax: 4, imageConcurrency: 1 },
    });
    const stop = new AbortController();
    let exporting = false;
    const slow = planOf(long, { width: 3840 });
    const exports = [1, 2].map(() =>
      renderer.renderVideo(
        slow,
        { path: join(tmpdir(), "never.mp4") },
        {
          signal: stop.signal,
          organizationId: toOrganizationId(1),
          onProgress: () => {
            exporting = true;
          },
        },
      ),
    );
    while (!exporting) await new Promise((resolve) => setTimeout(resolve, 20));
    const frame = await renderer.renderFrame(planOf(still, { atSeconds: 0 }), {
      organizationId: toOrganizationId(2),
    });
    expect(frame.ok).toBe(true);
    // The exports were still running (and waiting) when the frame was answered.
    stop.abort();
    for (const exported of await Promise.all(exports))
      expect(failed(exported).code).toBe("render_aborted");
  });

  it("answers output_unwritable when the target cannot be written", async () => {
    const renderer = fixtureRenderer(folder);
    const error = failed(
      await renderer.renderVideo(planOf(still), { path: "/nonexistent/folder/out.mp4" }),
    );
    expect(error.code).toBe("output_unwritable");
  });

  it("links a local file the reader names, keeps its size limit, and leaves the file alone", async () => {
    const temporaryDirectory = workFolder();
    const linking = createFfmpegRenderer({
      temporaryDirectory,
      readMedia: async ({ url }) => ({
        ok: true,
        value: { path: join(folder, url.replace("https://media.test/", "")) },
      }),
    });
    const frame = await linking.renderFrame(planOf(pictured, { atSeconds: 0 }));
    expect(frame.ok).toBe(true);
    expect(readdirSync(folder)).toContain("halves.png");
    expect(readdirSync(temporaryDirectory)).toEqual([]);
    const strict = createFfmpegRenderer({
      limits: { inputMaxBytes: 100 },
      readMedia: async () => ({ ok: true, value: { path: join(folder, "halves.png") } }),
    });
    expect(failed(await strict.renderFrame(planOf(pictured, { atSeconds: 0 }))).code).toBe(
      "media_too_large",
    );
    rmSync(work, { recursive: true, force: true });
  });

  it("removes its working directory, whether the render succeeds or fails", async () => {
    const temporaryDirectory = workFolder();
    const renderer = fixtureRenderer(folder, {
      temporaryDirectory,
      limits: { inputMaxBytes: 500 },
    });
    expect((await renderer.renderFrame(planOf(still, { atSeconds: 0 }))).ok).toBe(true);
    expect((await renderer.renderFrame(planOf(pictured, { atSeconds: 0 }))).ok).toBe(true);
    const big = square([[video({ id: "v", from: 0, durationInFrames: 30 }, box(0, 0, 120, 120))]]);
    expect(failed(await renderer.renderFrame(planOf(big, { atSeconds: 0 }))).code).toBe(
      "media_too_large",
    );
    expect(readdirSync(temporaryDirectory)).toEqual([]);
    rmSync(work, { recursive: true, force: true });
  });
});
