/**
 * A split is invisible and inaudible in what ffmpeg renders: an export of a timeline
 * whose items are cut inside their fades, animations and motion has the same pixels and
 * sound levels at every frame as the export of the uncut timeline.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Result } from "reelkit";
import type { EditorState } from "reelkit/editor";
import type { RenderError, RenderedImage, Renderer } from "reelkit/render";
import type { EditOperation } from "reelkit/schemas";
import { afterAll, beforeAll, expect, it } from "vitest";
import { applyOk } from "../../editor/support/apply.js";
import { audio, image, solid } from "../../editor/support/fixtures.js";
import { countingIds } from "../../editor/support/ids.js";
import {
  decodePng,
  describeRendering,
  fixtureRenderer,
  near,
  rms,
  soundSamples,
} from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { box, planOf, SIDE, square } from "../support/timelines.js";

const FPS = 30;
const SECONDS = 3;
// tone.wav is a sine at half scale.
const TONE_RMS = 0.354;

// A white panel fading in over 3 s and sliding out, a picture fading in over 3 s under a
// zoom, and a tone fading in over 3 s, all from 0 to 3 s.
function faded(): EditorState {
  const frames = { from: 0, durationInFrames: SECONDS * FPS };
  return square([
    [
      solid(
        { id: "panel", ...frames },
        {
          ...box(0, 0, 60, 120),
          style: { color: "#ffffff" },
          enterAnimation: { type: "fade", duration_seconds: 3 },
          exitAnimation: { type: "slide", duration_seconds: 1, direction: "bottom" },
        },
      ),
    ],
    [
      image(
        { id: "picture", ...frames },
        {
          ...box(60, 0, 60, 120),
          enterAnimation: { type: "fade", duration_seconds: 3 },
          motion: { type: "zoom_in" },
        },
      ),
    ],
    {
      id: "sound",
      kind: "audio",
      items: [audio({ id: "tone", ...frames }, { audioFadeInSeconds: 3 })],
    },
  ]);
}

function cut(state: EditorState, operations: EditOperation[]): EditorState {
  return applyOk(state, operations, { generateId: countingIds("cut") }).value.state;
}

// Every frame of the MP4 at `path`, as RGB bytes.
function framesOf(path: string): Uint8Array[] {
  const raw = execFileSync(
    "ffmpeg",
    ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const size = SIDE * SIDE * 3;
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + size <= raw.length; offset += size) {
    frames.push(raw.subarray(offset, offset + size));
  }
  return frames;
}

function meanDifference(left: Uint8Array, right: Uint8Array): number {
  let sum = 0;
  for (const [index, value] of left.entries()) sum += Math.abs(value - (right[index] ?? 0));
  return sum / left.length;
}

function maxDifference(left: Uint8Array, right: Uint8Array): number {
  let most = 0;
  for (const [index, value] of left.entries()) {
    most = Math.max(most, Math.abs(value - (right[index] ?? 0)));
  }
  return most;
}

function greyAt(frame: Uint8Array, x: number, y: number): number {
  return frame[(y * SIDE + x) * 3] ?? -1;
}

describeRendering("a split rendered by ffmpeg", () => {
  let folder = "";
  let output = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    output = mkdtempSync(join(tmpdir(), "reelkit-render-split-"));
    // Lossless, so that what differs between two exports is what was drawn.
    renderer = fixtureRenderer(folder, { encoding: { crf: 0 } });
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  });

  async function exported(state: EditorState, name: string): Promise<string> {
    const path = join(output, name);
    const result = await renderer.renderVideo(planOf(state), { path });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return path;
  }

  it("renders the same pixels and sound levels at every frame as the uncut items", async () => {
    const whole = faded();
    const pieces = cut(whole, [
      { type: "split_item", item_id: "panel", at_seconds: 1 },
      { type: "split_item", item_id: "picture", at_seconds: 1 },
      { type: "split_item", item_id: "tone", at_seconds: 1 },
      { type: "split_item", item_id: "cut-1", at_seconds: 2.5 },
    ]);
    const [before, after] = await Promise.all([
      exported(whole, "whole.mp4"),
      exported(pieces, "pieces.mp4"),
    ]);
    const wholeFrames = framesOf(before);
    const pieceFrames = framesOf(after);
    expect(pieceFrames).toHaveLength(SECONDS * FPS);
    expect(wholeFrames).toHaveLength(SECONDS * FPS);
    for (const [index, frame] of wholeFrames.entries()) {
      const other = pieceFrames[index] ?? new Uint8Array();
      // Alpha is rounded to 8 bits per layer drawn: a level or two.
      expect(meanDifference(other, frame), `frame ${index}`).toBeLessThan(1.5);
      expect(maxDifference(other, frame), `frame ${index}`).toBeLessThanOrEqual(3);
    }
    // On both sides of the cut, the panel goes on fading in over 2.25 s (its 3 s fade-in
    // and 1 s exit shrunk together to fit 3 s), and the picture over 3 s.
    for (const index of [29, 30]) {
      const frame = pieceFrames[index] ?? new Uint8Array();
      const panel = greyAt(frame, 30, 60);
      expect(Math.abs(panel - (255 * index) / (2.25 * FPS)), `frame ${index}`).toBeLessThan(5);
      const blue = frame[(60 * SIDE + 110) * 3 + 2] ?? -1;
      expect(Math.abs(blue - (255 * index) / (3 * FPS)), `frame ${index}`).toBeLessThan(5);
    }
    // Frame by frame (1,600 samples at 48 kHz), the same level within 2 % of the tone's.
    const wholeSound = soundSamples(before, 0, SECONDS);
    const pieceSound = soundSamples(after, 0, SECONDS);
    const perFrame = 48_000 / FPS;
    for (let index = 0; index < SECONDS * FPS; index += 1) {
      const window = [index * perFrame, (index + 1) * perFrame] as const;
      const level = rms(wholeSound.subarray(...window));
      const heard = rms(pieceSound.subarray(...window));
      expect(Math.abs(heard - level), `sound at frame ${index}`).toBeLessThanOrEqual(
        0.02 * TONE_RMS,
      );
    }
    // A third of the tone's level around the cut, on both sides.
    expect(rms(pieceSound.subarray(0.95 * 48_000, 1.05 * 48_000)) / TONE_RMS).toBeCloseTo(1 / 3, 1);
  });

  it("draws a half moved to the timeline's start mid-fade, at a third", async () => {
    const moved = cut(faded(), [
      { type: "split_item", item_id: "picture", at_seconds: 1 },
      { type: "remove_item", item_id: "picture" },
      { type: "remove_item", item_id: "panel" },
      { type: "set_item_timing", item_id: "cut-1", from_seconds: 0 },
    ]);
    const png = (result: Result<RenderedImage, RenderError>) => {
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      return decodePng(result.value.png, result.value.width, result.value.height);
    };
    const first = png(await renderer.renderFrame(planOf(moved, { atSeconds: 0 })));
    // The picture's right half is blue: a third of the way in at the first frame.
    expect(near(first.at(110, 60), [0, 0, 85], 10)).toBe(true);
    const later = png(await renderer.renderFrame(planOf(moved, { atSeconds: 1 })));
    expect(near(later.at(110, 60), [0, 0, 170], 10)).toBe(true);
  });
});
