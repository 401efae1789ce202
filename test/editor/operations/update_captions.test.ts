import { describe, expect, it } from "vitest";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { captions, stateOf, text } from "../support/fixtures.js";

function subtitled() {
  return stateOf([
    {
      id: "top",
      items: [
        captions(
          { id: "c", from: 0, durationInFrames: 60 },
          { style: { highlight_color: "yellow", max_lines: 1 } },
        ),
        text({ id: "t", from: 60, durationInFrames: 30 }),
      ],
    },
  ]);
}

describe("update_captions", () => {
  it("replaces every entry and keeps the timing", () => {
    const replacement = [
      { text: "new", startMs: 0, endMs: 5000 },
      { text: "words", startMs: 5000, endMs: 9000 },
    ];
    const result = applyOk(subtitled(), [
      { type: "update_captions", item_id: "c", captions: replacement },
    ]);
    expect(itemOf(result.value.state, "c")).toMatchObject({
      captions: replacement,
      from: 0,
      durationInFrames: 60,
    });
  });

  it("merges style fields over the current ones", () => {
    const result = applyOk(subtitled(), [
      { type: "update_captions", item_id: "c", style: { max_lines: 3, words_per_caption: 2 } },
    ]);
    expect(itemOf(result.value.state, "c")).toMatchObject({
      style: { highlight_color: "yellow", max_lines: 3, words_per_caption: 2 },
    });
  });

  it("fails with invalid_captions for entries out of order", () => {
    const error = applyFails(subtitled(), [
      {
        type: "update_captions",
        item_id: "c",
        captions: [
          { text: "b", startMs: 10, endMs: 20 },
          { text: "a", startMs: 0, endMs: 5 },
        ],
      },
    ]);
    expect(error.code).toBe("invalid_captions");
  });

  it.each([
    ["unsupported_item_type", "t"],
    ["item_not_found", "nope"],
  ])("fails with %s for item %s", (code, itemId) => {
    const error = applyFails(subtitled(), [
      { type: "update_captions", item_id: itemId, style: { max_lines: 2 } },
    ]);
    expect(error.code).toBe(code);
  });
});
