/**
 * What a renderer leaves behind: closing it stops every render, kills every ffmpeg and
 * removes every working directory; and a render that needs more memory than its cap
 * fails with a clear answer instead of taking the machine's.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RenderFailure } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { image, solid, video } from "../../editor/support/fixtures.js";
import {
  childProcesses,
  describeRendering,
  fixtureRenderer,
  processName,
} from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { box, planOf, square } from "../support/timelines.js";

const still = square([[solid({ id: "a", from: 0, durationInFrames: 30 }, box(0, 0, 120, 120))]]);
const pictured = square([[image({ id: "p", from: 0, durationInFrames: 30 }, box(0, 0, 120, 120))]]);
// About a minute of 4K frames to encode: still running when the renderer is closed.
const long = square([[video({ id: "v", from: 0, durationInFrames: 1800 }, box(0, 0, 120, 120))]]);

function failed(result: { ok: boolean }): RenderFailure["error"] {
  if (result.ok) throw new Error("expected the render to fail");
  return (result as RenderFailure).error;
}

describeRendering("closing a renderer, and its memory cap", () => {
  let folder = "";
  beforeAll(() => {
    folder = makeMedia();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("stops running and waiting renders, leaves no ffmpeg and no directory, and refuses later renders", async () => {
    const temporaryDirectory = mkdtempSync(join(tmpdir(), "reelkit-close-"));
    const renderer = fixtureRenderer(folder, {
      temporaryDirectory,
      limits: { videoConcurrency: 1 },
    });
    let started = false;
    const organizationId = toOrganizationId(1);
    const slow = planOf(long, { width: 3840 });
    const output = join(temporaryDirectory, "never.mp4");
    const running = renderer.renderVideo(
      slow,
      { path: output },
      { organizationId, onProgress: () => (started = true) },
    );
    const waiting = renderer.renderVideo(slow, { path: output }, { organizationId });
    await expect.poll(() => started, { timeout: 20_000 }).toBe(true);
    const ffmpegs = childProcesses("ffmpeg");
    expect(ffmpegs).toHaveLength(1);
    expect(readdirSync(temporaryDirectory)).toHaveLength(1);

    await renderer.close();
    expect(failed(await running).code).toBe("renderer_closed");
    expect(failed(await waiting).code).toBe("renderer_closed");
    expect(ffmpegs.map(processName)).toEqual([undefined]);
    expect(childProcesses("ffmpeg")).toEqual([]);
    expect(readdirSync(temporaryDirectory)).toEqual([]);
    const later = await renderer.renderFrame(planOf(still, { atSeconds: 0 }));
    expect(failed(later)).toMatchObject({ code: "renderer_closed" });
    await renderer.close();
    rmSync(temporaryDirectory, { recursive: true, force: true });
  });

  it.runIf(process.platform === "linux")(
    "answers render_memory_exceeded, naming the cap, when ffmpeg needs more memory than it",
    async () => {
      const capped = fixtureRenderer(folder, { limits: { memoryMaxBytes: 64 * 1024 * 1024 } });
      const error = failed(
        await capped.renderFrame(planOf(pictured, { atSeconds: 0, width: 4096 })),
      );
      expect(error).toMatchObject({
        code: "render_memory_exceeded",
        limit: { name: "memoryMaxBytes", maximum: 64 * 1024 * 1024 },
      });
      // The same render under the default cap succeeds.
      const frame = await fixtureRenderer(folder).renderFrame(
        planOf(pictured, { atSeconds: 0, width: 4096 }),
      );
      expect(frame.ok).toBe(true);
    },
  );
});
