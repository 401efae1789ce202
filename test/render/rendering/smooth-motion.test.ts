import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Renderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { asset, image } from "../../editor/support/fixtures.js";
import { describeRendering, fixtureRenderer, mediaUrl } from "../support/ffmpeg.js";
import { planOf, square } from "../support/timelines.js";

// Output side of the renders: a third of the 1080 composition.
const SIDE = 360;
// The picture: black left of a quarter of its width, white right of it.
const EDGE_AT = SIDE / 4;
const FRAMES = 60;

// Where the black-to-white edge stands in each frame of the video at `path`, in output
// pixels with sub-pixel precision: the width of the black part, averaged over the rows
// of the middle half.
function edgePositions(path: string): number[] {
  const raw = execFileSync(
    "ffmpeg",
    ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frameBytes = SIDE * SIDE;
  const positions: number[] = [];
  for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
    let dark = 0;
    const rows = { from: SIDE / 4, to: (3 * SIDE) / 4 };
    for (let y = rows.from; y < rows.to; y += 1) {
      // Only the left half: the edge stays in it, and the right edge of the frame does not
      // count.
      for (let x = 0; x < SIDE / 2; x += 1) dark += 1 - (raw[offset + y * SIDE + x] ?? 0) / 255;
    }
    positions.push(dark / (rows.to - rows.from));
  }
  return positions;
}

describeRendering("smooth camera motion", () => {
  let folder = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "reelkit-motion-"));
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=${SIDE}x${SIDE},format=gray,geq=lum='255*gte(X,${EDGE_AT})'`,
      "-frames:v",
      "1",
      join(folder, "edge.png"),
    ]);
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function edgeTrack(motion: { type: "zoom_in" | "ken_burns"; intensity: number }) {
    const state = square([
      [
        image(
          { id: "still", from: 0, durationInFrames: FRAMES },
          { left: 0, top: 0, width: 1080, height: 1080, assetId: "edge-asset", motion },
        ),
      ],
    ]);
    const edge = asset("edge-asset", "image", {
      url: mediaUrl("edge.png"),
      width: SIDE,
      height: SIDE,
    });
    const plan = planOf(
      { ...state, assets: { ...state.assets, [edge.id]: edge } },
      { width: SIDE },
    );
    const path = join(folder, `${motion.type}.mp4`);
    const result = await renderer.renderVideo(plan, { path });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return edgePositions(path);
  }

  // Every frame moves the edge the same way, by a visible fraction of a pixel, and
  // never by much more than an even share of the whole move.
  function expectSmooth(positions: readonly number[]): void {
    expect(positions).toHaveLength(FRAMES);
    const steps = positions.slice(1).map((position, index) => position - (positions[index] ?? 0));
    const total = (positions.at(-1) ?? 0) - (positions[0] ?? 0);
    const share = total / steps.length;
    for (const step of steps) {
      expect(Math.sign(step)).toBe(Math.sign(total));
      expect(Math.abs(step)).toBeGreaterThan(Math.abs(share) / 4);
      expect(Math.abs(step)).toBeLessThan(Math.abs(share) * 2.5);
    }
  }

  it("zooms in a little every frame, never stepping back", async () => {
    const positions = await edgeTrack({ type: "zoom_in", intensity: 0.3 });
    // The edge a quarter in moves out from the middle, 1.15 times as far at the end.
    expect(positions[0]).toBeCloseTo(EDGE_AT, 0);
    expect(positions.at(-1)).toBeLessThan(EDGE_AT - 10);
    expectSmooth(positions);
  });

  it("moves a Ken Burns shot a little every frame, never stepping back", async () => {
    expectSmooth(await edgeTrack({ type: "ken_burns", intensity: 0.3 }));
  });
});
