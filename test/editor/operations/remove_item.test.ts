import { describe, expect, it } from "vitest";
import { applyFails, applyOk, trackIds, trackSpans } from "../support/apply.js";
import { stateOf, text, video } from "../support/fixtures.js";

function timeline() {
  return stateOf([
    { id: "top", items: [text({ id: "t1", from: 0, durationInFrames: 1 })] },
    {
      id: "main",
      items: [
        video({ id: "v1", from: 0, durationInFrames: 30 }),
        video({ id: "v2", from: 30, durationInFrames: 30 }),
        video({ id: "v3", from: 60, durationInFrames: 30 }),
      ],
    },
  ]);
}

describe("remove_item", () => {
  it.each([
    ["the first item", "v1", ["v2", "v3"]],
    ["a middle item", "v2", ["v1", "v3"]],
    ["the last item", "v3", ["v1", "v2"]],
  ])("removes %s and keeps its neighbours in place", (_name, itemId, remaining) => {
    const result = applyOk(timeline(), [{ type: "remove_item", item_id: itemId }]);
    expect(result.value.state.items[itemId]).toBeUndefined();
    expect(trackSpans(result.value.state, "main").map(([id]) => id)).toEqual(remaining);
  });

  it("removes a track left empty and keeps the asset", () => {
    const state = timeline();
    const result = applyOk(state, [{ type: "remove_item", item_id: "t1" }]);
    expect(trackIds(result.value.state)).toEqual(["main"]);
    expect(result.value.state.assets).toBe(state.assets);
  });

  it("removes every item of a batch, emptying the timeline", () => {
    const result = applyOk(timeline(), [
      { type: "remove_item", item_id: "v2" },
      { type: "remove_item", item_id: "t1" },
      { type: "remove_item", item_id: "v1" },
      { type: "remove_item", item_id: "v3" },
    ]);
    expect(result.value.state.tracks).toEqual([]);
    expect(result.value.state.items).toEqual({});
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(timeline(), [{ type: "remove_item", item_id: "nope" }]);
    expect(error).toMatchObject({ code: "item_not_found", operationIndex: 0 });
  });

  it("does not find inherited property names", () => {
    const error = applyFails(timeline(), [{ type: "remove_item", item_id: "constructor" }]);
    expect(error.code).toBe("item_not_found");
  });
});
