import { type CaptionsLayer, planRender, type RenderPlanOptions } from "reelkit/editor";
import type { CaptionEntry, CaptionStyle } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { captions, stateOf } from "../../editor/support/fixtures.js";

function timed(text: string, startMs: number, stepMs: number): CaptionEntry {
  const words = text.split(" ").map((word, index) => ({
    word,
    startMs: startMs + index * stepMs,
    endMs: startMs + (index + 1) * stepMs,
  }));
  return { text, startMs, endMs: startMs + words.length * stepMs, words };
}

// A captions item from 1 s to 5 s, 900 composition pixels wide.
function pages(entries: CaptionEntry[], style: CaptionStyle = {}, options: RenderPlanOptions = {}) {
  const state = stateOf([
    {
      id: "t",
      items: [
        captions(
          { id: "words", from: 30, durationInFrames: 120 },
          { width: 900, captions: entries, style },
        ),
      ],
    },
  ]);
  const result = planRender(state, options);
  if (!result.ok) throw new Error(result.error.message);
  const layer = result.value.layers[0] as CaptionsLayer;
  return layer.pages;
}

describe("caption pages", () => {
  it("shows each entry as a page on the output's clock, with its words' timing", () => {
    expect(pages([timed("one two", 0, 500)])).toEqual([
      {
        window: { startSeconds: 1, endSeconds: 2 },
        text: "one two",
        words: [
          { text: "one", startSeconds: 1, endSeconds: 1.5 },
          { text: "two", startSeconds: 1.5, endSeconds: 2 },
        ],
        lineStarts: [],
      },
    ]);
  });

  it("shows an entry without word timing whole", () => {
    expect(pages([{ text: "Hello there", startMs: 500, endMs: 1500 }])).toEqual([
      {
        window: { startSeconds: 1.5, endSeconds: 2.5 },
        text: "Hello there",
        words: [],
        lineStarts: [],
      },
    ]);
  });

  it("reads entry times on the captions' clock: caption_start_seconds and playback_rate", () => {
    const [page] = pages([timed("late", 3000, 1000)], {
      caption_start_seconds: 2,
      playback_rate: 2,
    });
    // Clock 3 s is 1 s past the clock's start, at double speed: 0.5 s into the item.
    expect(page?.window).toEqual({ startSeconds: 1.5, endSeconds: 2 });
  });

  it("splits an entry that would stay longer than page_duration_ms", () => {
    const split = pages([timed("a b c d e", 0, 400)], {
      page_duration_ms: 1000,
      words_per_caption: 12,
    });
    expect(split.map((page) => [page.text, page.window])).toEqual([
      ["a b c", { startSeconds: 1, endSeconds: 2.2 }],
      ["d e", { startSeconds: 2.2, endSeconds: 3 }],
    ]);
  });

  it("splits an entry holding more than max_lines lines of its box, and says where its lines break", () => {
    // 900 px at font size 100, regular weight: words at most 0.64 em a letter, spaces 0.32 em.
    const words = "alpha bravo charlie delta echo foxtrot golf hotel";
    const split = pages([timed(words, 0, 250)], {
      font_size: 100,
      font_weight: "400",
      max_lines: 1,
    });
    expect(split.map((page) => [page.text, page.lineStarts])).toEqual([
      ["alpha bravo", []],
      ["charlie delta", []],
      ["echo foxtrot golf", []],
      ["hotel", []],
    ]);
    const threeLines = pages([timed(words, 0, 250)], {
      font_size: 100,
      font_weight: "400",
      max_lines: 3,
    });
    expect(threeLines.map((page) => [page.text, page.lineStarts])).toEqual([
      ["alpha bravo charlie delta echo foxtrot golf", [2, 4]],
      ["hotel", []],
    ]);
  });

  it("joins a lone last word to the page before when it fits there", () => {
    // Pages of 1 s: "it," starts 1.2 s in, and would show alone.
    const split = pages([timed("so we made it,", 0, 400)], { page_duration_ms: 1000 });
    expect(split.map((page) => [page.text, page.window])).toEqual([
      ["so we made it,", { startSeconds: 1, endSeconds: 2.6 }],
    ]);
    // Two words are a phrase: they keep their page.
    expect(pages([timed("a b c d e", 0, 400)], { page_duration_ms: 1000 }).length).toBe(2);
  });

  it("cuts pages to the item and leaves out those outside the range", () => {
    const entries = [
      timed("early", 0, 1000),
      timed("middle", 1500, 1000),
      timed("late", 3500, 1000),
    ];
    expect(pages(entries).map((page) => [page.text, page.window])).toEqual([
      ["early", { startSeconds: 1, endSeconds: 2 }],
      ["middle", { startSeconds: 2.5, endSeconds: 3.5 }],
      ["late", { startSeconds: 4.5, endSeconds: 5 }],
    ]);
    expect(pages(entries, {}, { atSeconds: 3 }).map((page) => page.text)).toEqual(["middle"]);
  });
});
