import { describe, expect, it } from "vitest";
import { createEditorState } from "../../../src/editor/index.js";
import type { CaptionEntry } from "../../../src/schemas/edit-values.js";
import { applyFails, applyOk, itemOf, trackIds } from "../support/apply.js";
import { stateOf, text, video } from "../support/fixtures.js";

const entries: CaptionEntry[] = [
  {
    text: "Hello there",
    startMs: 0,
    endMs: 1000,
    words: [
      { word: "Hello", startMs: 0, endMs: 400 },
      { word: "there", startMs: 400, endMs: 1000, confidence: 0.9 },
    ],
  },
  { text: "friend", startMs: 1000, endMs: 2500, timestampMs: null, confidence: null },
];

describe("add_captions", () => {
  it.each([
    [24, 60],
    [25, 63],
    [30, 75],
    [60, 150],
  ])("lasts until its last entry ends at %i fps (%i frames)", (fps, frames) => {
    const result = applyOk(createEditorState({ fps }), [
      { type: "add_captions", captions: entries, from_seconds: 1 },
    ]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      from: fps,
      durationInFrames: frames,
      captions: entries,
      language: null,
    });
  });

  it("reads the last entry on the captions' clock", () => {
    const result = applyOk(createEditorState(), [
      {
        type: "add_captions",
        captions: entries,
        style: { caption_start_seconds: 0.5, playback_rate: 2 },
      },
    ]);
    expect(itemOf(result.value.state, "new-2").durationInFrames).toBe(30);
  });

  it("takes an explicit length and lays out a two-line box in the lower quarter", () => {
    const result = applyOk(createEditorState(), [
      { type: "add_captions", captions: entries, duration_seconds: 10 },
    ]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      durationInFrames: 300,
      left: 108,
      width: 864,
      height: 163,
      top: 1359,
    });
  });

  it("goes on a front layer and keeps clear of text shown at the same time", () => {
    const state = stateOf([
      {
        id: "titles",
        items: [text({ id: "t", from: 0, durationInFrames: 300 }, { top: 1300, height: 200 })],
      },
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [{ type: "add_captions", captions: entries }]);
    expect(trackIds(result.value.state)).toEqual(["new-1", "titles", "main"]);
    expect(itemOf(result.value.state, "new-2").top).toBe(1500);
  });

  it("lasts one frame when every entry ends at 0", () => {
    const result = applyOk(createEditorState(), [
      { type: "add_captions", captions: [{ text: "blink", startMs: 0, endMs: 0 }] },
    ]);
    expect(itemOf(result.value.state, "new-2").durationInFrames).toBe(1);
  });

  it.each<[string, CaptionEntry[]]>([
    ["an entry ending before it starts", [{ text: "a", startMs: 500, endMs: 400 }]],
    [
      "entries out of order",
      [
        { text: "b", startMs: 500, endMs: 600 },
        { text: "a", startMs: 0, endMs: 100 },
      ],
    ],
    [
      "words out of order",
      [
        {
          text: "a b",
          startMs: 0,
          endMs: 600,
          words: [
            { word: "b", startMs: 300, endMs: 600 },
            { word: "a", startMs: 0, endMs: 300 },
          ],
        },
      ],
    ],
    [
      "a word ending before it starts",
      [{ text: "a", startMs: 0, endMs: 600, words: [{ word: "a", startMs: 300, endMs: 200 }] }],
    ],
    [
      "more than 120 words in an entry",
      [
        {
          text: "many",
          startMs: 0,
          endMs: 121,
          words: Array.from({ length: 121 }, (_, index) => ({
            word: "w",
            startMs: index,
            endMs: index + 1,
          })),
        },
      ],
    ],
  ])("fails with invalid_captions for %s", (_name, captions) => {
    const error = applyFails(createEditorState(), [{ type: "add_captions", captions }]);
    expect(error.code).toBe("invalid_captions");
  });

  it.each([
    ["track_not_found", "nope"],
    ["track_occupied", "main"],
  ])("fails with %s for track_id %s", (code, trackId) => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const error = applyFails(state, [
      { type: "add_captions", captions: entries, track_id: trackId },
    ]);
    expect(error.code).toBe(code);
  });
});
