import { applyPatches } from "immer";
import { describe, expect, it } from "vitest";
import {
  addMediaItem,
  createEditorState,
  type EditorState,
  type MediaPlacementFields,
  type MediaToPlace,
  validateEditorState,
} from "../../src/editor/index.js";
import { trackIds, trackSpans } from "./support/apply.js";
import { stateOf, video } from "./support/fixtures.js";
import { deepFreeze } from "./support/freeze.js";
import { countingIds } from "./support/ids.js";

function place(state: EditorState, media: MediaToPlace, placement: MediaPlacementFields = {}) {
  const before = structuredClone(state);
  deepFreeze(state);
  const result = addMediaItem(state, media, { placement, generateId: countingIds("new") });
  if (!result.ok) throw new Error(result.error.message);
  expect(validateEditorState(result.value.state)).toEqual([]);
  expect(applyPatches(result.value.state, result.value.inverse)).toEqual(before);
  return result;
}

describe("addMediaItem", () => {
  it("plays a whole video at its rate on a new track", () => {
    const result = place(
      createEditorState({ fps: 25 }),
      {
        kind: "video",
        url: "https://cdn.example.com/clip.mp4",
        durationSeconds: 10,
        width: 1920,
        height: 1080,
      },
      { source_start_seconds: 2, playback_rate: 2, fit: "contain" },
    );
    expect(result.value).toMatchObject({ assetId: "new-2", itemId: "new-3" });
    expect(result.value.state.items["new-3"]).toMatchObject({
      type: "video",
      from: 0,
      durationInFrames: 100,
      sourceStartSeconds: 2,
      playbackRate: 2,
      fit: "contain",
      width: 1080,
      height: 1920,
    });
    expect(result.value.state.assets["new-2"]).toMatchObject({
      type: "video",
      width: 1920,
      height: 1080,
    });
  });

  it("shows an image for 5 seconds in the given box", () => {
    const result = place(
      createEditorState(),
      { kind: "image", url: "https://cdn.example.com/a.png" },
      { from_seconds: 1, left: 10, top: 20, width: 300, height: 400 },
    );
    expect(result.value.state.items[result.value.itemId]).toMatchObject({
      type: "image",
      from: 30,
      durationInFrames: 150,
      left: 10,
      top: 20,
      width: 300,
      height: 400,
    });
  });

  it.each([
    ["voice", undefined, "voice"],
    ["audio", undefined, "audio"],
    ["audio", "music", "music"],
  ] as const)("gives %s media with role %s the role %s", (kind, role, expected) => {
    const placement = role === undefined ? {} : { audio_role: role };
    const result = place(
      createEditorState(),
      { kind, url: "https://cdn.example.com/a.mp3", durationSeconds: 3 },
      placement,
    );
    expect(result.value.state.items[result.value.itemId]).toMatchObject({
      type: "audio",
      audioRole: expected,
    });
    expect(result.value.state.assets[result.value.assetId]).toMatchObject({
      type: "audio",
      audioRole: expected,
    });
  });

  it("reuses a free compatible track", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
    ]);
    const result = place(
      state,
      { kind: "gif", url: "https://cdn.example.com/a.gif", durationSeconds: null },
      { from_seconds: 1 },
    );
    expect(trackIds(result.value.state)).toEqual(["main"]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v", 0, 30],
      ["new-2", 30, 180],
    ]);
  });

  it.each([
    ["track_occupied", { track_id: "main" }, 10],
    ["track_not_found", { track_id: "nope" }, 10],
    ["source_out_of_range", { source_start_seconds: 10 }, 10],
  ] as const)("fails with %s", (code, placement, durationSeconds) => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 30 })] },
    ]);
    const result = addMediaItem(
      state,
      { kind: "video", url: "https://cdn.example.com/b.mp4", durationSeconds },
      { placement },
    );
    expect(result).toMatchObject({ ok: false, error: { code, operationIndex: 0 } });
  });
});
