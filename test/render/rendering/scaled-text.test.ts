import { rmSync } from "node:fs";
import type { EditorState } from "reelkit/editor";
import type { Renderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { text } from "../../editor/support/fixtures.js";
import { decodePng, describeRendering, fixtureRenderer, type Picture } from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { planOf, square } from "../support/timelines.js";

// Renders 240 px wide: 4.5 composition pixels per output pixel.
const WIDTH = 240;
const PER_PIXEL = 1080 / WIDTH;
// "ZOOM text" at this size is about 80 px wide: it fits its 100 px box at full size,
// not at 125 %.
const FONT_SIZE = 15 * PER_PIXEL;
const BOX = { left: 70, top: 100, width: 100, height: 40 };

// The text rows of a frame (runs of rows holding lit pixels) and the lit width.
function layout(frame: Picture): { rows: number; width: number; height: number } {
  let rows = 0;
  let inRow = false;
  let [left, right, top, bottom] = [WIDTH, -1, WIDTH, -1];
  for (let y = 0; y < frame.height; y += 1) {
    let lit = false;
    for (let x = 0; x < frame.width; x += 1) {
      if (frame.at(x, y)[0] < 40) continue;
      lit = true;
      [left, right] = [Math.min(left, x), Math.max(right, x)];
      [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
    }
    if (lit && !inRow) rows += 1;
    inRow = lit;
  }
  return { rows, width: right - left + 1, height: bottom - top + 1 };
}

function zoomText(extra: Record<string, unknown>): EditorState {
  return square([
    [
      text(
        { id: "title", from: 0, durationInFrames: 60 },
        {
          left: BOX.left * PER_PIXEL,
          top: BOX.top * PER_PIXEL,
          width: BOX.width * PER_PIXEL,
          height: BOX.height * PER_PIXEL,
          text: "ZOOM text",
          style: { font_size: FONT_SIZE, color: "#ffffff" },
          ...extra,
        },
      ),
    ],
  ]);
}

describeRendering("text that scales", () => {
  let folder = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function layoutAt(state: EditorState, atSeconds: number) {
    const result = await renderer.renderFrame(planOf(state, { atSeconds, width: WIDTH }));
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return layout(decodePng(result.value.png, result.value.width, result.value.height));
  }

  it("keeps one line through a zoom animation, scaled as a picture", async () => {
    // The zoom goes from 150 % to full size over 1 s: 125 % half way.
    const state = zoomText({ enterAnimation: { type: "zoom", duration_seconds: 1 } });
    const zoomed = await layoutAt(state, 0.5);
    const rest = await layoutAt(state, 1.5);
    expect(rest.rows).toBe(1);
    expect(zoomed.rows).toBe(1);
    expect(zoomed.width / rest.width).toBeCloseTo(1.25, 1);
    expect(zoomed.height / rest.height).toBeCloseTo(1.25, 1);
  });

  it("keeps one line while a zoom_in motion grows the text", async () => {
    // zoom_in at intensity 0.5 grows the layer from 100 % to 125 % over the item.
    const state = zoomText({ motion: { type: "zoom_in", intensity: 0.5 } });
    const start = await layoutAt(state, 0);
    const end = await layoutAt(state, 59 / 30);
    expect(start.rows).toBe(1);
    expect(end.rows).toBe(1);
    expect(end.width / start.width).toBeGreaterThan(1.2);
  });
});
