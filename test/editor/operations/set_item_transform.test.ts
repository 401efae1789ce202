import { describe, expect, it } from "vitest";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { audio, solid, stateOf, text } from "../support/fixtures.js";

const placed = { id: "x", from: 0, durationInFrames: 30 };

describe("set_item_transform", () => {
  it("moves, resizes and fades a visual item", () => {
    const state = stateOf([{ id: "track", items: [text(placed)] }]);
    const result = applyOk(state, [
      {
        type: "set_item_transform",
        item_id: "x",
        left: -100,
        top: 1800,
        width: 0.5,
        height: 2000,
        opacity: 0,
      },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      left: -100,
      top: 1800,
      width: 0.5,
      height: 2000,
      opacity: 0,
    });
  });

  it("keeps the fields an operation omits", () => {
    const state = stateOf([{ id: "track", items: [solid(placed, { left: 7, opacity: 0.5 })] }]);
    const result = applyOk(state, [{ type: "set_item_transform", item_id: "x", top: 3 }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ left: 7, top: 3, opacity: 0.5 });
  });

  it("refuses an audio item", () => {
    const state = stateOf([{ id: "track", items: [audio(placed)] }]);
    const error = applyFails(state, [{ type: "set_item_transform", item_id: "x", left: 1 }]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it("fails with item_not_found for an unknown id", () => {
    const state = stateOf([{ id: "track", items: [text(placed)] }]);
    const error = applyFails(state, [{ type: "set_item_transform", item_id: "nope", left: 1 }]);
    expect(error.code).toBe("item_not_found");
  });
});
