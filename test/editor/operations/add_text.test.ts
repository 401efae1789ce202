import { describe, expect, it } from "vitest";
import { createEditorState } from "../../../src/editor/index.js";
import type { AddTextOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { audio, captions, stateOf, text, video } from "../support/fixtures.js";

const FPS_CASES = [24, 25, 30, 60];

function addText(fields: Partial<AddTextOperation> = {}): AddTextOperation {
  return { type: "add_text", text: "Spring sale", ...fields };
}

describe.each(FPS_CASES)("add_text at %i fps", (fps) => {
  it("places text from its seconds, rounded to frames", () => {
    const result = applyOk(createEditorState({ fps }), [
      addText({ from_seconds: 1, duration_seconds: 2.5 }),
    ]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      from: fps,
      durationInFrames: Math.round(2.5 * fps),
    });
  });

  it("lasts 5 seconds from frame 0 by default and at least one frame", () => {
    const result = applyOk(createEditorState({ fps }), [
      addText(),
      addText({ from_seconds: 10, duration_seconds: 0.1 / fps }),
    ]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      from: 0,
      durationInFrames: 5 * fps,
    });
    expect(itemOf(result.value.state, "new-3")).toMatchObject({
      from: 10 * fps,
      durationInFrames: 1,
    });
  });
});

describe("add_text", () => {
  it("sizes and centres a default text box", () => {
    const result = applyOk(createEditorState(), [addText({ style: { color: "white" } })]);
    expect(itemOf(result.value.state, "new-2")).toEqual({
      type: "text",
      id: "new-2",
      trackId: "new-1",
      from: 0,
      durationInFrames: 150,
      left: 108,
      top: 906,
      width: 864,
      height: 109,
      opacity: 1,
      text: "Spring sale",
      style: { color: "white" },
      enterAnimation: null,
      exitAnimation: null,
      motion: null,
    });
  });

  it("grows the box with the lines the text wraps to", () => {
    const result = applyOk(createEditorState(), [
      addText({
        text: `${"word ".repeat(10)}\nsecond paragraph`,
        width: 400,
        style: { font_size: 40, line_height: 1 },
      }),
    ]);
    // 400 / (40 * 0.55) = 18 characters a line: 50 characters take 3 lines, then 1 more.
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      width: 400,
      height: 180,
      left: 340,
    });
  });

  it("stacks text shown at the same time into free slots nearest the middle", () => {
    const result = applyOk(createEditorState(), [
      addText(),
      addText(),
      addText(),
      addText({ from_seconds: 5 }),
    ]);
    // Each overlapping text opens a new front track (new-1, new-3, new-5); the fourth,
    // shown later, fits on the front track again.
    expect(itemOf(result.value.state, "new-2").top).toBe(906);
    expect(itemOf(result.value.state, "new-4").top).toBe(797);
    expect(itemOf(result.value.state, "new-6").top).toBe(1015);
    expect(itemOf(result.value.state, "new-7")).toMatchObject({ top: 906, trackId: "new-5" });
  });

  it("keeps clear of captions shown at the same time", () => {
    const state = stateOf([
      {
        id: "subs",
        items: [captions({ id: "c", from: 0, durationInFrames: 300 }, { top: 850, height: 200 })],
      },
    ]);
    const result = applyOk(state, [addText()]);
    expect(itemOf(result.value.state, "new-2").top).toBe(1050);
  });

  it("overlaps at its preferred place when no slot is free", () => {
    const state = stateOf([
      {
        id: "subs",
        items: [captions({ id: "c", from: 0, durationInFrames: 300 }, { top: 0, height: 1900 })],
      },
    ]);
    const result = applyOk(state, [addText()]);
    expect(itemOf(result.value.state, "new-2").top).toBe(906);
  });

  it("keeps a top that the operation sends", () => {
    const result = applyOk(createEditorState(), [addText(), addText({ top: 900, left: 0 })]);
    expect(itemOf(result.value.state, "new-4")).toMatchObject({ top: 900, left: 0 });
  });

  it("goes on the front track when it is free there", () => {
    const state = stateOf([
      { id: "front", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 30 })] },
    ]);
    const result = applyOk(state, [addText({ from_seconds: 1, duration_seconds: 1 })]);
    expect(trackIds(result.value.state)).toEqual(["front", "music"]);
    expect(trackSpans(result.value.state, "front")).toEqual([
      ["v", 0, 30],
      ["new-1", 30, 60],
    ]);
  });

  it("opens a new front track when the front is busy or holds audio", () => {
    const busy = stateOf([
      { id: "front", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
    ]);
    expect(trackIds(applyOk(busy, [addText()]).value.state)).toEqual(["new-1", "front"]);
    const audioFirst = stateOf([
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 3 })] },
    ]);
    expect(trackIds(applyOk(audioFirst, [addText({ from_seconds: 9 })]).value.state)).toEqual([
      "new-1",
      "music",
    ]);
  });

  it("honours a compatible free track_id, even behind other layers", () => {
    const state = stateOf([
      { id: "front", items: [text({ id: "t", from: 0, durationInFrames: 300 })] },
      { id: "back", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
    ]);
    const result = applyOk(state, [addText({ track_id: "back", from_seconds: 1 })]);
    expect(trackSpans(result.value.state, "back")).toEqual([
      ["v", 0, 30],
      ["new-1", 30, 180],
    ]);
  });

  it.each([
    ["track_not_found", "nope"],
    ["track_incompatible", "music"],
    ["track_occupied", "front"],
  ])("fails with %s for track_id %s", (code, trackId) => {
    const state = stateOf([
      { id: "front", items: [text({ id: "t", from: 0, durationInFrames: 300 })] },
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 30 })] },
    ]);
    const error = applyFails(state, [addText({ track_id: trackId })]);
    expect(error).toMatchObject({ code, operationIndex: 0 });
  });

  it("places text on the last frame of the timeline", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 90 })] },
    ]);
    const result = applyOk(state, [addText({ from_seconds: 89 / 30, duration_seconds: 1 / 30 })]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      from: 89,
      durationInFrames: 1,
      trackId: "new-1",
    });
  });
});
