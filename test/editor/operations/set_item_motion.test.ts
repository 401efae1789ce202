import { describe, expect, it } from "vitest";
import type { EditorItem } from "../../../src/editor/index.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { audio, gif, image, solid, stateOf, text, video } from "../support/fixtures.js";

const placed = { id: "x", from: 0, durationInFrames: 30 };
const kenBurns = {
  type: "ken_burns",
  start_seconds: 0,
  duration_seconds: 1,
  direction: "right",
  intensity: 0.4,
  loop: false,
} as const;

function oneItem(item: EditorItem) {
  return stateOf([{ id: "track", items: [item] }]);
}

describe("set_item_motion", () => {
  it.each([
    ["video", video(placed)],
    ["image", image(placed)],
    ["GIF", gif(placed)],
    ["text", text(placed)],
    ["solid", solid(placed)],
  ])("sets motion on a %s item", (_name, item) => {
    const result = applyOk(oneItem(item), [
      { type: "set_item_motion", item_id: "x", motion: kenBurns },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ motion: kenBurns });
  });

  it("removes motion with type none", () => {
    const state = oneItem(image(placed, { motion: kenBurns }));
    const result = applyOk(state, [
      { type: "set_item_motion", item_id: "x", motion: { type: "none" } },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ motion: null });
  });

  it("refuses an audio item", () => {
    const error = applyFails(oneItem(audio(placed)), [
      { type: "set_item_motion", item_id: "x", motion: kenBurns },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(oneItem(image(placed)), [
      { type: "set_item_motion", item_id: "nope", motion: kenBurns },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});
