import { describe, expect, it } from "vitest";
import { applyFails, applyOk, trackIds, trackSpans } from "../support/apply.js";
import { audio, image, stateOf, text, video } from "../support/fixtures.js";

function layers() {
  return stateOf([
    { id: "front", items: [text({ id: "t1", from: 0, durationInFrames: 30 })] },
    { id: "middle", items: [image({ id: "i1", from: 0, durationInFrames: 60 })] },
    {
      id: "back",
      items: [
        video({ id: "v1", from: 0, durationInFrames: 90 }),
        video({ id: "v2", from: 90, durationInFrames: 30 }),
      ],
    },
    { id: "music", items: [audio({ id: "a1", from: 0, durationInFrames: 30 })] },
  ]);
}

describe("set_item_layer_order", () => {
  it("brings an item to the front track when that track is free over it", () => {
    const result = applyOk(layers(), [
      { type: "set_item_layer_order", item_id: "v2", position: "front" },
    ]);
    expect(trackSpans(result.value.state, "front")).toEqual([
      ["t1", 0, 30],
      ["v2", 90, 120],
    ]);
  });

  it("brings an item in front of everything on a new front track when the front is busy", () => {
    const result = applyOk(layers(), [
      { type: "set_item_layer_order", item_id: "i1", position: "front" },
    ]);
    expect(trackIds(result.value.state)).toEqual(["new-1", "front", "back", "music"]);
    expect(trackSpans(result.value.state, "new-1")).toEqual([["i1", 0, 60]]);
  });

  it("sends an item behind every visual track", () => {
    const result = applyOk(layers(), [
      { type: "set_item_layer_order", item_id: "t1", position: "back" },
    ]);
    expect(trackIds(result.value.state)).toEqual(["middle", "back", "music", "new-1"]);
    expect(trackSpans(result.value.state, "new-1")).toEqual([["t1", 0, 30]]);
  });

  it("sends an item to the back track when that track is free over it", () => {
    const state = stateOf([
      { id: "front", items: [text({ id: "t1", from: 100, durationInFrames: 30 })] },
      { id: "back", items: [video({ id: "v1", from: 0, durationInFrames: 90 })] },
    ]);
    const result = applyOk(state, [
      { type: "set_item_layer_order", item_id: "t1", position: "back" },
    ]);
    expect(trackIds(result.value.state)).toEqual(["back"]);
    expect(trackSpans(result.value.state, "back")).toEqual([
      ["v1", 0, 90],
      ["t1", 100, 130],
    ]);
  });

  it.each([
    ["front", "t1"],
    ["back", "v1"],
  ] as const)("changes nothing when the item is already at the %s", (position, itemId) => {
    const state = layers();
    const result = applyOk(state, [{ type: "set_item_layer_order", item_id: itemId, position }]);
    expect(result.value.state).toBe(state);
  });

  it("orders audio among audio tracks only", () => {
    const result = applyOk(layers(), [
      { type: "set_item_layer_order", item_id: "a1", position: "front" },
    ]);
    expect(result.value.state).toBeDefined();
    expect(trackSpans(result.value.state, "music")).toEqual([["a1", 0, 30]]);
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(layers(), [
      { type: "set_item_layer_order", item_id: "nope", position: "front" },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});
