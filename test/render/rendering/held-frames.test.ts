import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EditorState } from "reelkit/editor";
import type { Renderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { video } from "../../editor/support/fixtures.js";
import { decodePng, describeRendering, fixtureRenderer, videoFrame } from "../support/ffmpeg.js";
import { frameNumberOf, makeMedia, NUMBERED_FPS, NUMBERED_SECONDS } from "../support/media.js";
import { box, planOf, square } from "../support/timelines.js";

// The numbered clip's last frame.
const LAST_FRAME = NUMBERED_SECONDS * NUMBERED_FPS - 1;

describeRendering("a clip that ends before its item", () => {
  let folder = "";
  let output = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    output = mkdtempSync(join(tmpdir(), "reelkit-held-"));
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  });

  async function previewAt(state: EditorState, atSeconds: number): Promise<number> {
    const result = await renderer.renderFrame(planOf(state, { atSeconds }));
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return frameNumberOf(
      decodePng(result.value.png, result.value.width, result.value.height).at(60, 60)[0],
    );
  }

  async function exportedAt(state: EditorState, atSeconds: number): Promise<number> {
    const path = join(output, `${atSeconds}.mp4`);
    const result = await renderer.renderVideo(planOf(state), { path });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return frameNumberOf(videoFrame(path, Math.round(atSeconds * 30)).at(60, 60)[0]);
  }

  it("previews the held last frame that the export shows, past the source's end", async () => {
    // A 6 s item showing the clip from 3 s: the source ends 3 s into the item.
    const state = square([
      [
        video(
          { id: "clip", from: 0, durationInFrames: 180 },
          { ...box(0, 0, 120, 120), sourceStartSeconds: NUMBERED_SECONDS - 3 },
        ),
      ],
    ]);
    const exported = await exportedAt(state, 5);
    expect(exported).toBe(LAST_FRAME);
    expect(await previewAt(state, 5)).toBe(exported);
  });

  it("previews the held last frame of a clip trimmed to start near its end", async () => {
    const state = square([
      [
        video(
          { id: "clip", from: 0, durationInFrames: 60 },
          { ...box(0, 0, 120, 120), sourceStartSeconds: NUMBERED_SECONDS - 0.05 },
        ),
      ],
    ]);
    expect(await previewAt(state, 1)).toBe(LAST_FRAME);
    expect(await previewAt(state, 0)).toBe(LAST_FRAME);
    expect(await exportedAt(state, 1)).toBe(LAST_FRAME);
  });

  it("answers render_failed, not a crash, when nothing reaches the output", async () => {
    // A source of unknown length read past its end gives no frame at all.
    const state = square([
      [
        video(
          { id: "clip", from: 0, durationInFrames: 60 },
          { ...box(0, 0, 120, 120), sourceStartSeconds: NUMBERED_SECONDS + 5 },
        ),
      ],
    ]);
    const plan = planOf(state, { atSeconds: 1 });
    const unknown = {
      ...plan,
      inputs: plan.inputs.map((input) => ({ ...input, durationSeconds: null })),
    };
    const result = await renderer.renderFrame(unknown);
    expect(result).toMatchObject({ ok: false, error: { code: "render_failed" } });
  });
});
