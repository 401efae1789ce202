import { describe, expect, it } from "vitest";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { stateOf, text, video } from "../support/fixtures.js";

function titled() {
  return stateOf([
    {
      id: "top",
      items: [
        text(
          { id: "t", from: 0, durationInFrames: 30 },
          { text: "Old", style: { color: "white", font_size: 40, background_color: "#000" } },
        ),
        video({ id: "v", from: 30, durationInFrames: 30 }),
      ],
    },
  ]);
}

describe("update_text", () => {
  it("replaces the text and keeps the style and box", () => {
    const result = applyOk(titled(), [{ type: "update_text", item_id: "t", text: "New" }]);
    expect(itemOf(result.value.state, "t")).toMatchObject({
      text: "New",
      style: { color: "white", font_size: 40, background_color: "#000" },
      top: 0,
      height: 100,
    });
  });

  it("merges style fields over the current ones, null removing the box", () => {
    const result = applyOk(titled(), [
      { type: "update_text", item_id: "t", style: { font_size: 80, background_color: null } },
    ]);
    expect(itemOf(result.value.state, "t")).toMatchObject({
      text: "Old",
      style: { color: "white", font_size: 80, background_color: null },
    });
  });

  it("changes nothing when text and style already match", () => {
    const state = titled();
    const result = applyOk(state, [
      { type: "update_text", item_id: "t", text: "Old", style: { color: "white" } },
    ]);
    expect(result.value.state).toBe(state);
  });

  it.each([
    ["unsupported_item_type", "v"],
    ["item_not_found", "nope"],
  ])("fails with %s for item %s", (code, itemId) => {
    const error = applyFails(titled(), [{ type: "update_text", item_id: itemId, text: "x" }]);
    expect(error.code).toBe(code);
  });
});
