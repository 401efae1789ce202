import { describe, expect, it } from "vitest";
import { applyFails, applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { audio, image, stateOf, text, video } from "../support/fixtures.js";

const FPS_CASES = [24, 25, 30, 60];

describe.each(FPS_CASES)("apply_item_transition at %i fps", (fps) => {
  const second = fps;
  // Two clips back to back on one track: a [0, 2s), b [2s, 4s).
  function cut() {
    return stateOf(
      [
        {
          id: "main",
          items: [
            video({ id: "a", from: 0, durationInFrames: 2 * second }),
            video({ id: "b", from: 2 * second, durationInFrames: 2 * second }),
          ],
        },
      ],
      { fps },
    );
  }

  it("overlaps the incoming clip on a new track in front and cross-fades by default", () => {
    const result = applyOk(cut(), [
      { type: "apply_item_transition", from_item_id: "a", to_item_id: "b", overlap_seconds: 1 },
    ]);
    expect(trackIds(result.value.state)).toEqual(["new-1", "main"]);
    expect(trackSpans(result.value.state, "new-1")).toEqual([["b", second, 3 * second]]);
    expect(itemOf(result.value.state, "b")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 1 },
    });
    expect(itemOf(result.value.state, "a")).toMatchObject({ exitAnimation: null });
  });

  it("uses half a second when overlap_seconds is omitted", () => {
    const result = applyOk(cut(), [
      { type: "apply_item_transition", from_item_id: "a", to_item_id: "b" },
    ]);
    const half = Math.round(0.5 * fps);
    expect(itemOf(result.value.state, "b")).toMatchObject({
      from: 2 * second - half,
      durationInFrames: 2 * second,
    });
  });

  it("keeps the incoming end when asked, growing it by the overlap from its source", () => {
    const state = cut();
    state.items.b = { ...itemOf(state, "b"), sourceStartSeconds: 5 } as never;
    const result = applyOk(state, [
      {
        type: "apply_item_transition",
        from_item_id: "a",
        to_item_id: "b",
        overlap_seconds: 1,
        preserve_to_item_end: true,
      },
    ]);
    expect(itemOf(result.value.state, "b")).toMatchObject({
      from: second,
      durationInFrames: 3 * second,
      sourceStartSeconds: 4,
    });
  });

  it("applies the given enter and exit animations", () => {
    const result = applyOk(cut(), [
      {
        type: "apply_item_transition",
        from_item_id: "a",
        to_item_id: "b",
        overlap_seconds: 0.5,
        enter: { type: "slide", direction: "left", duration_seconds: 0.5 },
        exit: { type: "zoom", duration_seconds: 0.5 },
      },
    ]);
    expect(itemOf(result.value.state, "b")).toMatchObject({
      enterAnimation: { type: "slide", direction: "left", duration_seconds: 0.5 },
    });
    expect(itemOf(result.value.state, "a")).toMatchObject({
      exitAnimation: { type: "zoom", duration_seconds: 0.5 },
    });
  });

  it("butts the clips together without a fade when the overlap is 0", () => {
    const state = stateOf(
      [
        {
          id: "main",
          items: [
            video({ id: "a", from: 0, durationInFrames: 2 * second }),
            video({ id: "b", from: 3 * second, durationInFrames: 2 * second }),
          ],
        },
      ],
      { fps },
    );
    const result = applyOk(state, [
      { type: "apply_item_transition", from_item_id: "a", to_item_id: "b", overlap_seconds: 0 },
    ]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["a", 0, 2 * second],
      ["b", 2 * second, 4 * second],
    ]);
    expect(itemOf(result.value.state, "b")).toMatchObject({ enterAnimation: null });
  });
});

describe("apply_item_transition", () => {
  function twoTracks() {
    return stateOf([
      {
        id: "top",
        items: [
          image({ id: "b", from: 90, durationInFrames: 60 }, { enterAnimation: { type: "fade" } }),
        ],
      },
      { id: "main", items: [video({ id: "a", from: 0, durationInFrames: 60 })] },
      { id: "music", items: [audio({ id: "m", from: 0, durationInFrames: 60 })] },
      { id: "titles", items: [text({ id: "t", from: 0, durationInFrames: 10 })] },
    ]);
  }

  it("keeps an incoming item on its own track when that stays free", () => {
    const result = applyOk(twoTracks(), [
      {
        type: "apply_item_transition",
        from_item_id: "a",
        to_item_id: "b",
        overlap_seconds: 1,
        enter: null,
      },
    ]);
    expect(trackSpans(result.value.state, "top")).toEqual([["b", 30, 90]]);
    expect(itemOf(result.value.state, "b")).toMatchObject({ enterAnimation: null });
  });

  it.each([
    ["the incoming item starting first", "b", "a", 0.5],
    ["the same item twice", "a", "a", 0.5],
    ["an overlap as long as the outgoing item", "a", "b", 2],
  ])("fails with invalid_transition for %s", (_name, from, to, overlap) => {
    const error = applyFails(twoTracks(), [
      {
        type: "apply_item_transition",
        from_item_id: from,
        to_item_id: to,
        overlap_seconds: overlap,
      },
    ]);
    expect(error.code).toBe("invalid_transition");
  });

  it("fails with invalid_transition when the incoming item is no longer than the overlap", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "a", from: 0, durationInFrames: 90 })] },
      { id: "top", items: [video({ id: "b", from: 100, durationInFrames: 45 })] },
    ]);
    const error = applyFails(state, [
      { type: "apply_item_transition", from_item_id: "a", to_item_id: "b", overlap_seconds: 1.5 },
    ]);
    expect(error).toMatchObject({ code: "invalid_transition" });
    expect(error.message).toContain("would end before");
  });

  it("fails with invalid_transition when the incoming end is kept but falls inside the overlap", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "a", from: 0, durationInFrames: 60 })] },
      { id: "top", items: [video({ id: "b", from: 10, durationInFrames: 50 })] },
    ]);
    const error = applyFails(state, [
      {
        type: "apply_item_transition",
        from_item_id: "a",
        to_item_id: "b",
        overlap_seconds: 1,
        preserve_to_item_end: true,
      },
    ]);
    expect(error.code).toBe("invalid_transition");
  });

  it.each([
    ["an audio outgoing item", "m", "b"],
    ["an audio incoming item", "t", "m"],
  ])("fails with unsupported_item_type for %s", (_name, from, to) => {
    const error = applyFails(twoTracks(), [
      { type: "apply_item_transition", from_item_id: from, to_item_id: to },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it.each([
    ["from_item_id", "nope", "b"],
    ["to_item_id", "a", "nope"],
  ])("fails with item_not_found for an unknown %s", (field, from, to) => {
    const error = applyFails(twoTracks(), [
      { type: "apply_item_transition", from_item_id: from, to_item_id: to },
    ]);
    expect(error).toMatchObject({ code: "item_not_found" });
    expect(error.message).toContain(field);
  });
});
