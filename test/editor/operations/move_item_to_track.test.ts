import { describe, expect, it } from "vitest";
import { applyFails, applyOk, trackIds, trackSpans } from "../support/apply.js";
import { audio, image, stateOf, text, video } from "../support/fixtures.js";

function timeline() {
  return stateOf([
    {
      id: "top",
      items: [
        text({ id: "t1", from: 0, durationInFrames: 30 }),
        text({ id: "t2", from: 60, durationInFrames: 30 }),
      ],
    },
    {
      id: "main",
      items: [
        video({ id: "v1", from: 30, durationInFrames: 30 }),
        video({ id: "v2", from: 90, durationInFrames: 1 }),
      ],
    },
    { id: "music", items: [audio({ id: "a1", from: 0, durationInFrames: 90 })] },
    { id: "backdrop", items: [image({ id: "i1", from: 29, durationInFrames: 2 })] },
  ]);
}

describe("move_item_to_track", () => {
  it("moves an item into a gap that it fills exactly (half-open intervals)", () => {
    const result = applyOk(timeline(), [
      { type: "move_item_to_track", item_id: "v1", track_id: "top" },
    ]);
    expect(trackSpans(result.value.state, "top")).toEqual([
      ["t1", 0, 30],
      ["v1", 30, 60],
      ["t2", 60, 90],
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([["v2", 90, 91]]);
  });

  it("moves a one-frame item at the timeline's last frame", () => {
    const result = applyOk(timeline(), [
      { type: "move_item_to_track", item_id: "v2", track_id: "top" },
    ]);
    expect(trackSpans(result.value.state, "top").at(-1)).toEqual(["v2", 90, 91]);
  });

  it("removes the track it leaves empty", () => {
    const result = applyOk(timeline(), [
      { type: "move_item_to_track", item_id: "v1", track_id: "top" },
      { type: "move_item_to_track", item_id: "v2", track_id: "top" },
    ]);
    expect(trackIds(result.value.state)).toEqual(["top", "music", "backdrop"]);
  });

  it("changes nothing when the item is already on the track", () => {
    const state = timeline();
    const result = applyOk(state, [
      { type: "move_item_to_track", item_id: "v1", track_id: "main" },
    ]);
    expect(result.value.state).toBe(state);
  });

  it.each([
    ["track_not_found", "v1", "nope"],
    ["track_incompatible", "v1", "music"],
    ["track_incompatible", "a1", "main"],
    ["track_occupied", "t1", "backdrop"],
    ["track_occupied", "v1", "backdrop"],
    ["item_not_found", "nope", "main"],
  ])("fails with %s (item %s to track %s)", (code, itemId, trackId) => {
    const error = applyFails(timeline(), [
      { type: "move_item_to_track", item_id: itemId, track_id: trackId },
    ]);
    expect(error.code).toBe(code);
  });
});
