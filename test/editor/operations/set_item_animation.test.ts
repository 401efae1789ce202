import { describe, expect, it } from "vitest";
import type { EditorItem } from "../../../src/editor/index.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { audio, captions, gif, image, solid, stateOf, text, video } from "../support/fixtures.js";

const placed = { id: "x", from: 0, durationInFrames: 30 };
const fade = { type: "fade", duration_seconds: 0.5 } as const;
const slide = { type: "slide", duration_seconds: 1, direction: "left" } as const;

function oneItem(item: EditorItem) {
  return stateOf([{ id: "track", items: [item] }]);
}

describe("set_item_animation", () => {
  it.each([
    ["video", video(placed)],
    ["image", image(placed)],
    ["GIF", gif(placed)],
    ["text", text(placed)],
    ["captions", captions(placed)],
    ["solid", solid(placed)],
  ])("animates a %s item", (_name, item) => {
    const result = applyOk(oneItem(item), [
      { type: "set_item_animation", item_id: "x", enter: fade, exit: slide },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      enterAnimation: fade,
      exitAnimation: slide,
    });
  });

  it("keeps an omitted side and clears a null one", () => {
    const state = oneItem(text(placed, { enterAnimation: fade, exitAnimation: slide }));
    const result = applyOk(state, [{ type: "set_item_animation", item_id: "x", exit: null }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      enterAnimation: fade,
      exitAnimation: null,
    });
  });

  it("stores an animation with no duration as sent", () => {
    const result = applyOk(oneItem(image(placed)), [
      { type: "set_item_animation", item_id: "x", enter: { type: "none" } },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ enterAnimation: { type: "none" } });
  });

  it("refuses an audio item", () => {
    const error = applyFails(oneItem(audio(placed)), [
      { type: "set_item_animation", item_id: "x", enter: fade },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(oneItem(image(placed)), [
      { type: "set_item_animation", item_id: "nope", enter: fade },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});
