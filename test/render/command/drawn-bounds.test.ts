/**
 * Counting what a render draws without building it: the estimate of a layer's events is
 * never below what the document holds, and not far above it; the subtitle file of a
 * command is made line by line while it is written, never whole; and the runner writes
 * it in chunks between which other work runs.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EditorItem, planRender } from "reelkit/editor";
import { commandFileText, videoCommand } from "reelkit/render";
import { describe, expect, it } from "vitest";
import { assLayerBytesMax, type DrawnLayer } from "../../../src/render/command/ass-document.js";
import { writeCommandFile } from "../../../src/render/node/render-job.js";
import { checkRenderBounds } from "../../../src/render/render-bounds.js";
import { RENDER_LIMITS_DEFAULT } from "../../../src/render/render-limits.js";
import { captions, solid, stateOf, text } from "../../editor/support/fixtures.js";

const FONT = { family: "DejaVu Sans", sizePerEm: 1.164, directory: null };
const SETTINGS = { inputFiles: new Map(), inputsWithAudio: new Set<string>(), font: FONT };
const SHAKE = { type: "shake", loop: true } as const;

function planOf(items: EditorItem[]) {
  const state = stateOf(items.map((item, index) => ({ id: `t${index}`, items: [item] })));
  const result = planRender(state, { width: 540 });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

const SPOKEN = Array.from({ length: 40 }, (_, index) => ({
  text: `Entry ${index} is spoken`,
  startMs: index * 1500,
  endMs: index * 1500 + 1400,
  words: ["Entry", String(index), "is", "spoken"].map((word, at) => ({
    word,
    startMs: index * 1500 + at * 350,
    endMs: index * 1500 + at * 350 + 300,
  })),
}));

const CASES: Record<string, EditorItem> = {
  "a still text": text({ id: "a", from: 0, durationInFrames: 300 }),
  "a text shaking for a minute": text(
    { id: "a", from: 0, durationInFrames: 1800 },
    { motion: SHAKE, text: "Shaking {braces} and émoji 🎬" },
  ),
  "a text zooming in and out, drawn a frame at a time": text(
    { id: "a", from: 0, durationInFrames: 300 },
    {
      enterAnimation: { type: "zoom", durationSeconds: 2 },
      exitAnimation: { type: "scale", durationSeconds: 2 },
      motion: { type: "zoom_in", loop: true },
    } as never,
  ),
  "a rotated solid sliding in and out": solid({ id: "a", from: 0, durationInFrames: 90 }, {
    enterAnimation: { type: "slide", durationSeconds: 1 },
    exitAnimation: { type: "fade", durationSeconds: 1 },
    motion: { type: "float", loop: true },
  } as never),
  "highlighted captions with word timing": captions(
    { id: "a", from: 0, durationInFrames: 1800 },
    { captions: SPOKEN, style: { highlight_color: "#ffff00" } },
  ),
  "captions on a rounded box casting a shadow": captions(
    { id: "a", from: 0, durationInFrames: 1800 },
    {
      captions: SPOKEN,
      style: {
        highlight_color: "#ffff00",
        background_color: "#202020",
        background_border_radius: 40,
        shadow_offset: 6,
      },
    },
  ),
};

describe("the bytes a render draws, counted before it is built", () => {
  for (const [name, item] of Object.entries(CASES)) {
    it(`bounds the events of ${name} from above, within four times`, () => {
      const plan = planOf([item]);
      const document = commandFileText(
        videoCommand(plan, SETTINGS).files[0] ?? { name: "", pieces: () => [] },
      );
      const events = document
        .split("\n")
        .filter((line) => line.startsWith("Dialogue:") || line.startsWith("Style: L"));
      const actual = events.reduce((sum, line) => sum + utf8Bytes(line) + 1, 0);
      const estimate = assLayerBytesMax(plan.layers[0] as DrawnLayer, plan.fps);
      expect(estimate).toBeGreaterThanOrEqual(actual);
      expect(estimate).toBeLessThan(4 * actual + 1000);
    });
  }

  it("refuses fifty texts shaking for an hour at once, and passes one", () => {
    const shaking = (count: number) =>
      planOf(
        Array.from({ length: count }, (_, index) =>
          text({ id: `s${index}`, from: 0, durationInFrames: 108_000 }, { motion: SHAKE }),
        ),
      );
    const refused = checkRenderBounds({ kind: "video", plan: shaking(50) }, RENDER_LIMITS_DEFAULT);
    expect(refused?.error).toMatchObject({
      code: "render_too_large",
      limit: { name: "drawnBytesMax", maximum: RENDER_LIMITS_DEFAULT.drawnBytesMax },
    });
    expect(
      checkRenderBounds({ kind: "video", plan: shaking(1) }, RENDER_LIMITS_DEFAULT),
    ).toBeUndefined();
  });
});

describe("the subtitle file of a command", () => {
  it("is made line by line as it is read, never whole", () => {
    const plan = planOf([text({ id: "a", from: 0, durationInFrames: 108_000 }, { motion: SHAKE })]);
    const [file] = videoCommand(plan, SETTINGS).files;
    const pieces = file?.pieces()[Symbol.iterator]();
    expect(pieces?.next().value).toBe("[Script Info]\n");
    let count = 1;
    let longest = 0;
    for (
      let piece = pieces?.next();
      piece !== undefined && piece.done !== true;
      piece = pieces?.next()
    ) {
      count += 1;
      longest = Math.max(longest, piece.value.length);
    }
    // An hour of sway, an event every 0.05 s: 72,000 lines, none of them long.
    expect(count).toBeGreaterThan(72_000);
    expect(longest).toBeLessThan(400);
  });

  it("is written in chunks, with other work running between them", async () => {
    const folder = mkdtempSync(join(tmpdir(), "reelkit-command-file-"));
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    const line = `${"x".repeat(999)}\n`;
    const file = {
      name: "big.txt",
      *pieces() {
        for (let index = 0; index < 2000; index += 1) {
          seen.push(ticks);
          yield line;
        }
      },
    };
    const path = join(folder, file.name);
    await writeCommandFile(path, { file, signal: new AbortController().signal });
    ticking = false;
    // 2 MB in 64 KiB chunks: the event loop turned between them, not only at the end.
    expect(new Set(seen).size).toBeGreaterThan(20);
    expect(readFileSync(path, "utf8")).toBe(line.repeat(2000));
    rmSync(folder, { recursive: true, force: true });
  });
});
