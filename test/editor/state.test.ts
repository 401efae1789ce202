import { describe, expect, it } from "vitest";
import {
  COMPOSITION_SIZES,
  createEditorState,
  summarizeEditor,
  validateEditorState,
} from "../../src/editor/index.js";

describe("createEditorState", () => {
  it("defaults to an untitled 9:16 project at 30 fps", () => {
    expect(createEditorState()).toEqual({
      title: null,
      tracks: [],
      items: {},
      assets: {},
      fps: 30,
      compositionWidth: 1080,
      compositionHeight: 1920,
    });
  });

  it.each([
    ["9:16", 1080, 1920],
    ["16:9", 1920, 1080],
    ["1:1", 1080, 1080],
    ["4:5", 1080, 1350],
  ] as const)("sizes a %s composition as %i x %i", (aspect_ratio, width, height) => {
    const state = createEditorState({ aspect_ratio });
    expect([state.compositionWidth, state.compositionHeight]).toEqual([width, height]);
    expect(COMPOSITION_SIZES[aspect_ratio]).toEqual({ width, height });
  });

  it.each([1, 24, 25, 30, 60, 120])("accepts %i fps and stays valid", (fps) => {
    const state = createEditorState({ fps, title: "Launch" });
    expect(state.fps).toBe(fps);
    expect(state.title).toBe("Launch");
    expect(validateEditorState(state)).toEqual([]);
  });

  it.each([0, 121, 29.97, -1, Number.NaN])("refuses %s fps", (fps) => {
    expect(() => createEditorState({ fps })).toThrow(RangeError);
  });
});

describe("summarizeEditor", () => {
  it("summarizes an empty project", () => {
    expect(summarizeEditor(createEditorState({ aspect_ratio: "1:1", fps: 24 }))).toEqual({
      trackCount: 0,
      itemCount: 0,
      assetCount: 0,
      fps: 24,
      compositionWidth: 1080,
      compositionHeight: 1080,
      itemTypes: {},
      totalDurationFrames: 0,
      totalDurationSeconds: 0,
    });
  });
});
