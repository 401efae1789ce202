import { setAutoFreeze } from "immer";
import { afterEach, describe, expect, it } from "vitest";
import {
  applyOperations,
  applyOperationsOrThrow,
  createEditorState,
  EDIT_ERROR_CODES,
  EditRejectedError,
  summarizeEditor,
} from "../../src/editor/index.js";
import type { EditOperation } from "../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf, trackSpans } from "./support/apply.js";
import { stateOf, text, video } from "./support/fixtures.js";
import { deepFreeze } from "./support/freeze.js";
import { countingIds } from "./support/ids.js";

function twoClips() {
  return stateOf([
    {
      id: "main",
      items: [
        video({ id: "v1", from: 0, durationInFrames: 30 }),
        video({ id: "v2", from: 30, durationInFrames: 30 }),
      ],
    },
  ]);
}

describe("applyOperations", () => {
  afterEach(() => {
    setAutoFreeze(true);
  });

  it("returns the same state object for an empty batch", () => {
    const state = deepFreeze(twoClips());
    const result = applyOperations(state, []);
    expect(result).toEqual({
      ok: true,
      value: { state, applied: [], operationResults: [], patches: [], inverse: [] },
    });
    expect(result.ok && result.value.state).toBe(state);
  });

  it.each<[string, EditOperation]>([
    ["the current title", { type: "set_title", title: "Test" }],
    ["the current geometry", { type: "set_item_transform", item_id: "v1", left: 0, opacity: 1 }],
    ["the current timing", { type: "set_item_timing", item_id: "v2", from_seconds: 1 }],
    ["the current track", { type: "move_item_to_track", item_id: "v1", track_id: "main" }],
    ["the current layer", { type: "set_item_layer_order", item_id: "v1", position: "front" }],
    ["the current level", { type: "set_item_audio", item_id: "v1", volume_db: 0 }],
  ])("returns the same state object for a batch that sets %s", (_name, operation) => {
    const state = deepFreeze(twoClips());
    const result = applyOk(state, [operation]);
    expect(result.value.state).toBe(state);
    expect(result.value.applied).toEqual([operation.type]);
    expect(result.value.inverse).toEqual([]);
  });

  it("applies a batch in order and lists the applied types", () => {
    const result = applyOk(twoClips(), [
      { type: "set_title", title: "Cut" },
      { type: "split_item", item_id: "v1", at_seconds: 0.5 },
      { type: "remove_item", item_id: "v2" },
    ]);
    expect(result.value.applied).toEqual(["set_title", "split_item", "remove_item"]);
    expect(result.value.state.title).toBe("Cut");
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v1", 0, 15],
      ["new-1", 15, 30],
    ]);
  });

  it("rejects the whole batch when one operation fails, naming its index", () => {
    const state = twoClips();
    const error = applyFails(state, [
      { type: "set_title", title: "Never applied" },
      { type: "remove_item", item_id: "v1" },
      { type: "remove_item", item_id: "v1" },
      { type: "set_title", title: "Never reached" },
    ]);
    expect(error).toEqual({
      code: "item_not_found",
      message: 'No item "v1" (item_id) in this project.',
      operationIndex: 2,
    });
    expect(state.title).toBe("Test");
  });

  it("refuses an unknown operation type", () => {
    const error = applyFails(twoClips(), [{ type: "warp_item" } as unknown as EditOperation]);
    expect(error.code).toBe("unknown_operation");
    expect(error.operationIndex).toBe(0);
  });

  it("shares every untouched item and track with the input", () => {
    const state = stateOf([
      { id: "top", items: [text({ id: "t1", from: 0, durationInFrames: 10 })] },
      { id: "main", items: [video({ id: "v1", from: 0, durationInFrames: 30 })] },
    ]);
    const result = applyOk(state, [{ type: "set_item_transform", item_id: "t1", left: 5 }]);
    expect(result.value.state.items.v1).toBe(state.items.v1);
    expect(result.value.state.tracks[1]).toBe(state.tracks[1]);
    expect(result.value.state.assets).toBe(state.assets);
    expect(itemOf(result.value.state, "t1").left).toBe(5);
  });

  it("restores the input exactly with inverse after tracks are added and removed", () => {
    const state = twoClips();
    const result = applyOk(state, [
      { type: "add_text", text: "A" },
      { type: "set_item_layer_order", item_id: "v1", position: "front" },
      { type: "move_item_to_track", item_id: "v2", track_id: "new-3" },
      { type: "add_solid", from_seconds: 10 },
    ]);
    expect(result.value.state.tracks.map((track) => track.id)).toEqual(["new-3", "new-1"]);
    expect(trackSpans(result.value.state, "new-3")).toEqual([
      ["v1", 0, 30],
      ["v2", 30, 60],
    ]);
    expect(trackSpans(result.value.state, "new-1")).toEqual([
      ["new-2", 0, 150],
      ["new-4", 300, 450],
    ]);
  });

  it("never freezes the objects of a state built by hand", () => {
    const state = stateOf([
      {
        id: "top",
        items: [text({ id: "t1", from: 0, durationInFrames: 10 }, { style: { color: "red" } })],
      },
    ]);
    const result = applyOperations(state, [{ type: "set_item_transform", item_id: "t1", left: 3 }]);
    expect(result.ok).toBe(true);
    expect(Object.isFrozen(state)).toBe(false);
    expect(Object.isFrozen(state.items.t1?.type === "text" && state.items.t1.style)).toBe(false);
    expect(Object.isFrozen(state.items)).toBe(false);
  });

  it("keeps frozen results even when the host turns immer auto-freeze off", () => {
    setAutoFreeze(false);
    const result = applyOperations(twoClips(), [{ type: "set_title", title: "Frozen" }]);
    expect(result.ok && Object.isFrozen(result.value.state)).toBe(true);
  });

  it("names new items with 21 random URL-safe characters by default", () => {
    const result = applyOperations(createEditorState(), [{ type: "add_text", text: "Hi" }]);
    if (!result.ok) throw new Error(result.error.message);
    const [id] = Object.keys(result.value.state.items);
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it("throws when the id generator repeats an id in use", () => {
    expect(() =>
      applyOperations(twoClips(), [{ type: "add_text", text: "Hi" }], { generateId: () => "v1" }),
    ).toThrow(/already in use/);
  });

  it("keeps the summary consistent with the items", () => {
    const result = applyOk(createEditorState({ fps: 25 }), [
      { type: "add_text", text: "A", from_seconds: 1, duration_seconds: 2 },
      { type: "add_solid", duration_seconds: 4 },
    ]);
    expect(summarizeEditor(result.value.state)).toMatchObject({
      trackCount: 2,
      itemCount: 2,
      assetCount: 0,
      itemTypes: { text: 1, solid: 1 },
      totalDurationFrames: 100,
      totalDurationSeconds: 4,
    });
  });

  it("lists its error codes as a closed set", () => {
    expect(EDIT_ERROR_CODES).toHaveLength(new Set(EDIT_ERROR_CODES).size);
    expect(EDIT_ERROR_CODES).toContain("track_occupied");
  });
});

describe("applyOperationsOrThrow", () => {
  it("returns the success", () => {
    const result = applyOperationsOrThrow(createEditorState(), [{ type: "set_title", title: "A" }]);
    expect(result.state.title).toBe("A");
  });

  it("throws an EditRejectedError carrying the error", () => {
    let caught: unknown;
    try {
      applyOperationsOrThrow(createEditorState(), [{ type: "remove_item", item_id: "nope" }], {
        generateId: countingIds(),
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EditRejectedError);
    expect((caught as EditRejectedError).error).toMatchObject({
      code: "item_not_found",
      operationIndex: 0,
    });
    expect((caught as Error).message).toContain("item_not_found");
  });
});
