import { rmSync } from "node:fs";
import { type EditorState, planContactSheet } from "reelkit/editor";
import type { Renderer } from "reelkit/render";
import type { CaptionEntry } from "reelkit/schemas";
import { afterAll, beforeAll, expect, it } from "vitest";
import { captions } from "../../editor/support/fixtures.js";
import { decodePng, describeRendering, fixtureRenderer, type Picture } from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { planOf, square } from "../support/timelines.js";

// Renders 240 px wide: 4.5 composition pixels per output pixel.
const WIDTH = 240;
const PER_PIXEL = 1080 / WIDTH;
const WORD_MS = 400;
// Capitals run wider than the average glyph: an estimate by character count puts too
// many on a line.
const WORDS = "WHEN WE MOVED THE SHOW INTO THE BIG HALL EVERYONE CAME BACK FOR MORE AND STAYED";

// Runs of rows holding lit pixels: the text rows drawn.
function textRows(frame: Picture): number {
  let rows = 0;
  let inRow = false;
  for (let y = 0; y < frame.height; y += 1) {
    let lit = false;
    for (let x = 0; x < frame.width && !lit; x += 1) lit = frame.at(x, y)[0] > 100;
    if (lit && !inRow) rows += 1;
    inRow = lit;
  }
  return rows;
}

// Lit pixels: how much text is drawn.
function litPixels(frame: Picture): number {
  let count = 0;
  for (let y = 0; y < frame.height; y += 1)
    for (let x = 0; x < frame.width; x += 1) if (frame.at(x, y)[0] > 100) count += 1;
  return count;
}

function entryOf(text: string): CaptionEntry {
  const words = text.split(" ").map((word, index) => ({
    word,
    startMs: index * WORD_MS,
    endMs: (index + 1) * WORD_MS,
  }));
  return { text, startMs: 0, endMs: words.length * WORD_MS, words };
}

function captioned(text: string, style: Record<string, unknown>): EditorState {
  return square([
    [
      captions(
        { id: "words", from: 0, durationInFrames: 300 },
        {
          left: 0,
          top: 20 * PER_PIXEL,
          width: WIDTH * PER_PIXEL,
          height: 200 * PER_PIXEL,
          captions: [entryOf(text)],
          style: { font_size: 18 * PER_PIXEL, color: "#ffffff", ...style },
        },
      ),
    ],
  ]);
}

describeRendering("caption pages and their lines", () => {
  let folder = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function frameAt(state: EditorState, atSeconds: number): Promise<Picture> {
    const result = await renderer.renderFrame(planOf(state, { atSeconds, width: WIDTH }));
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return decodePng(result.value.png, result.value.width, result.value.height);
  }

  // The rows drawn while each word is spoken, from one contact sheet of those instants.
  async function rowsPerWord(state: EditorState, count: number): Promise<number[]> {
    const atSeconds = Array.from({ length: count }, (_, index) => (index + 0.5) * (WORD_MS / 1000));
    const planned = planContactSheet(state, { atSeconds, width: WIDTH, columns: 1 });
    if (!planned.ok) throw new Error(planned.error.message);
    const result = await renderer.renderContactSheet(planned.value);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const sheet = decodePng(result.value.png, result.value.width, result.value.height);
    return atSeconds.map((_, index) =>
      textRows({
        width: WIDTH,
        height: WIDTH,
        at: (x, y) => sheet.at(x, y + index * WIDTH),
      }),
    );
  }

  it("never draws more rows than max_lines", async () => {
    const count = WORDS.split(" ").length;
    for (const maxLines of [1, 2]) {
      const rows = await rowsPerWord(captioned(WORDS, { max_lines: maxLines }), count);
      expect(Math.max(...rows)).toBe(maxLines);
      expect(Math.min(...rows)).toBeGreaterThanOrEqual(1);
    }
  });

  it("keeps a short last word on the page before it when it fits", async () => {
    // A page lasts 1 s: the fourth word, "IT,", starting 1.2 s in, would show alone.
    const state = captioned("SO WE MADE IT,", { page_duration_ms: 1000, max_lines: 2 });
    const last = await frameAt(state, 1.4);
    const first = await frameAt(state, 0.2);
    expect(litPixels(last)).toBe(litPixels(first));
  });
});
