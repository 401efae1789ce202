import { describe, expect, it } from "vitest";
import { createEditorState } from "../../../src/editor/index.js";
import { applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { audio, stateOf, text, video } from "../support/fixtures.js";

describe("add_solid", () => {
  it("adds an opaque black full-frame solid for 5 seconds from frame 0 by default", () => {
    const result = applyOk(createEditorState({ aspect_ratio: "16:9", fps: 25 }), [
      { type: "add_solid" },
    ]);
    expect(itemOf(result.value.state, "new-2")).toEqual({
      type: "solid",
      id: "new-2",
      trackId: "new-1",
      from: 0,
      durationInFrames: 125,
      left: 0,
      top: 0,
      width: 1920,
      height: 1080,
      opacity: 1,
      style: { color: "#000000" },
      enterAnimation: null,
      exitAnimation: null,
      motion: null,
    });
  });

  it("takes its box, timing and look from the operation, opacity onto the item", () => {
    const result = applyOk(createEditorState({ fps: 60 }), [
      {
        type: "add_solid",
        from_seconds: 1,
        duration_seconds: 0.5,
        left: 10,
        top: 20,
        width: 300,
        height: 40,
        style: { color: "#ff000080", border_radius: 12, rotation: -45, opacity: 0.25 },
      },
    ]);
    expect(itemOf(result.value.state, "new-2")).toMatchObject({
      from: 60,
      durationInFrames: 30,
      left: 10,
      top: 20,
      width: 300,
      height: 40,
      opacity: 0.25,
      style: { color: "#ff000080", border_radius: 12, rotation: -45 },
    });
    expect(itemOf(result.value.state, "new-2")).not.toHaveProperty("style.opacity");
  });

  it("goes on the back-most visual track that is free over its frames", () => {
    const state = stateOf([
      { id: "titles", items: [text({ id: "t", from: 0, durationInFrames: 30 })] },
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [{ type: "add_solid", from_seconds: 1, duration_seconds: 1 }]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v", 0, 30],
      ["new-1", 30, 60],
    ]);
  });

  it("opens a new back track when every visual track is busy", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [{ type: "add_solid", duration_seconds: 0.5 }]);
    expect(trackIds(result.value.state)).toEqual(["main", "music", "new-1"]);
    expect(result.value.state.tracks[2]?.kind).toBe("visual");
  });
});
