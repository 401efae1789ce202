import { describe, expect, it } from "vitest";
import { applyFails, applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { stateOf, text, video } from "../support/fixtures.js";

const FPS_CASES = [24, 25, 30, 60];

describe.each(FPS_CASES)("set_item_timing at %i fps", (fps) => {
  const second = fps;
  function timeline() {
    return stateOf(
      [
        {
          id: "main",
          items: [
            video({ id: "v1", from: 0, durationInFrames: 2 * second }),
            video({ id: "v2", from: 4 * second, durationInFrames: 2 * second }),
          ],
        },
      ],
      { fps },
    );
  }

  it("moves an item into a free span on its own track", () => {
    const result = applyOk(timeline(), [
      { type: "set_item_timing", item_id: "v1", from_seconds: 2 },
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v1", 2 * second, 4 * second],
      ["v2", 4 * second, 6 * second],
    ]);
  });

  it("moves an item past its neighbour and keeps the track in from order", () => {
    const result = applyOk(timeline(), [
      { type: "set_item_timing", item_id: "v1", from_seconds: 7 },
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v2", 4 * second, 6 * second],
      ["v1", 7 * second, 9 * second],
    ]);
  });

  it("changes only the length when from_seconds is omitted", () => {
    const result = applyOk(timeline(), [
      { type: "set_item_timing", item_id: "v1", duration_seconds: 4 },
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v1", 0, 4 * second],
      ["v2", 4 * second, 6 * second],
    ]);
  });

  it("moves an item to frame 0", () => {
    const result = applyOk(timeline(), [
      { type: "set_item_timing", item_id: "v2", from_seconds: 2 },
      { type: "set_item_timing", item_id: "v1", from_seconds: 0, duration_seconds: 2 },
    ]);
    expect(itemOf(result.value.state, "v1").from).toBe(0);
  });

  it("rounds to the nearest frame and keeps at least one frame", () => {
    const result = applyOk(timeline(), [
      {
        type: "set_item_timing",
        item_id: "v1",
        from_seconds: 1.4 / fps,
        duration_seconds: 0.1 / fps,
      },
    ]);
    expect(itemOf(result.value.state, "v1")).toMatchObject({ from: 1, durationInFrames: 1 });
  });

  it("moves a colliding item to a new track directly in front of its own", () => {
    const result = applyOk(timeline(), [
      { type: "set_item_timing", item_id: "v1", from_seconds: 3 },
    ]);
    expect(trackIds(result.value.state)).toEqual(["new-1", "main"]);
    expect(trackSpans(result.value.state, "new-1")).toEqual([["v1", 3 * second, 5 * second]]);
    expect(trackSpans(result.value.state, "main")).toEqual([["v2", 4 * second, 6 * second]]);
  });

  it("prefers the free track directly in front over a new one", () => {
    const state = stateOf(
      [
        { id: "top", items: [text({ id: "t1", from: 0, durationInFrames: second })] },
        {
          id: "main",
          items: [
            video({ id: "v1", from: 0, durationInFrames: 2 * second }),
            video({ id: "v2", from: 2 * second, durationInFrames: 2 * second }),
          ],
        },
      ],
      { fps },
    );
    const result = applyOk(state, [{ type: "set_item_timing", item_id: "v2", from_seconds: 1 }]);
    expect(trackIds(result.value.state)).toEqual(["top", "main"]);
    expect(trackSpans(result.value.state, "top")).toEqual([
      ["t1", 0, second],
      ["v2", second, 3 * second],
    ]);
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(timeline(), [
      { type: "set_item_timing", item_id: "nope", from_seconds: 1 },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});

describe("set_item_timing edges", () => {
  it("lets an item end exactly where the next one starts", () => {
    const state = stateOf([
      {
        id: "main",
        items: [
          video({ id: "v1", from: 0, durationInFrames: 10 }),
          video({ id: "v2", from: 30, durationInFrames: 10 }),
        ],
      },
    ]);
    const result = applyOk(state, [
      { type: "set_item_timing", item_id: "v1", duration_seconds: 1 },
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v1", 0, 30],
      ["v2", 30, 40],
    ]);
  });

  it("keeps a lone item's track when it moves", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v1", from: 0, durationInFrames: 1 })] },
    ]);
    const result = applyOk(state, [{ type: "set_item_timing", item_id: "v1", from_seconds: 100 }]);
    expect(trackSpans(result.value.state, "main")).toEqual([["v1", 3000, 3001]]);
  });
});
