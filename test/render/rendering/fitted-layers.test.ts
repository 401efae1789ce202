/**
 * A picture is scaled only to what the frame shows: a layer whose box is far larger
 * than the frame is cropped to its visible part before it is scaled, so it renders the
 * same pixels under a memory cap the whole-picture way would break many times over.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Result } from "reelkit";
import type { RenderError, RenderedImage, Renderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { image } from "../../editor/support/fixtures.js";
import {
  decodePng,
  describeRendering,
  fixtureRenderer,
  near,
  type Picture,
} from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { box, planOf, square } from "../support/timelines.js";

const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const BLACK = [0, 0, 0];
// Far below what a 20,000 x 10,000 picture takes (600 MB as 4:4:4), far above a frame's.
const MEMORY_CAP_BYTES = 256 * 1024 * 1024;

function picture(result: Result<RenderedImage, RenderError>): Picture {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return decodePng(result.value.png, result.value.width, result.value.height);
}

describeRendering("pictures fitted to what the frame shows", () => {
  let folder = "";
  let capped: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    capped = fixtureRenderer(folder, { limits: { memoryMaxBytes: MEMORY_CAP_BYTES } });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each(["cover", "contain"] as const)(
    "draws the visible part of a %s picture 170 frames wide",
    async (fit) => {
      // halves.png is 2:1, green left, blue right, 100 output pixels a source pixel in a
      // 20,000 x 10,000 box: the frame shows the middle of its green or its blue half.
      const at = (centreX: number) =>
        square([
          [
            image(
              { id: "huge", from: 0, durationInFrames: 30 },
              { ...box(60 - centreX, 60 - 5_000, 20_000, 10_000), fit },
            ),
          ],
        ]);
      const green = picture(await capped.renderFrame(planOf(at(5_000), { atSeconds: 0 })));
      const blue = picture(await capped.renderFrame(planOf(at(15_000), { atSeconds: 0 })));
      for (const [x, y] of [
        [1, 1],
        [118, 1],
        [60, 60],
        [1, 118],
        [118, 118],
      ] as const) {
        expect(near(green.at(x, y), GREEN)).toBe(true);
        expect(near(blue.at(x, y), BLUE)).toBe(true);
      }
    },
  );

  it("draws the visible corner of a picture that hangs off the frame", async () => {
    // A 400 x 200 box whose right part only reaches the frame's top-left 100 x 50.
    const state = square([
      [image({ id: "corner", from: 0, durationInFrames: 30 }, box(-300, -150, 400, 200))],
    ]);
    const frame = picture(await capped.renderFrame(planOf(state, { atSeconds: 0 })));
    expect(near(frame.at(1, 1), BLUE)).toBe(true);
    expect(near(frame.at(98, 48), BLUE)).toBe(true);
    expect(near(frame.at(102, 20), BLACK)).toBe(true);
    expect(near(frame.at(20, 52), BLACK)).toBe(true);
  });

  it("leaves out a picture the frame does not show at all", async () => {
    const state = square([
      [image({ id: "beside", from: 0, durationInFrames: 30 }, box(200, 0, 20_000, 10_000))],
    ]);
    const frame = picture(await capped.renderFrame(planOf(state, { atSeconds: 0 })));
    expect(near(frame.at(60, 60), BLACK)).toBe(true);
  });

  it("reads the size of PNG, GIF, WebP and JPEG pictures from their headers", async () => {
    const { pictureHeaderSize } = await import("../../../src/render/node/picture-header.js");
    for (const name of ["size.png", "size.gif", "size.webp", "size.jpg"]) {
      const path = join(folder, name);
      execFileSync("ffmpeg", [
        "-v",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        "color=s=322x124",
        "-frames:v",
        "1",
        path,
      ]);
      expect(pictureHeaderSize(new Uint8Array(readFileSync(path))), name).toEqual({
        width: 322,
        height: 124,
      });
    }
    expect(pictureHeaderSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
