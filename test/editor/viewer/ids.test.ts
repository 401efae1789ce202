/**
 * Ids a client can chain: an applied batch says, per operation, which items it created and
 * which it removed, and a split keeps the original id on its left half.
 */
import { describe, expect, it } from "vitest";
import { createEditorState } from "../../../src/editor/index.js";
import { applyOk, itemOf, trackSpans } from "../support/apply.js";
import { stateOf, video } from "../support/fixtures.js";

describe("operation results: ids created and removed, per operation", () => {
  it("reports the items each operation added, in order", () => {
    const result = applyOk(
      createEditorState(),
      [
        { type: "set_title", title: "Launch" },
        { type: "add_text", text: "Hook", duration_seconds: 2 },
        { type: "add_solid", duration_seconds: 2 },
        { type: "add_sound_effect", sound_effect_id: "whoosh" },
      ],
      {
        media: {
          soundEffects: { whoosh: { url: "https://sfx.example.com/w.mp3", durationSeconds: 1 } },
        },
      },
    );
    expect(result.value.operationResults).toEqual([
      { type: "set_title", createdItemIds: [], removedItemIds: [] },
      { type: "add_text", createdItemIds: ["new-2"], removedItemIds: [] },
      { type: "add_solid", createdItemIds: ["new-4"], removedItemIds: [] },
      { type: "add_sound_effect", createdItemIds: ["new-7"], removedItemIds: [] },
    ]);
    for (const outcome of result.value.operationResults) {
      for (const id of outcome.createdItemIds) expect(result.value.state.items[id]).toBeDefined();
    }
  });

  it("reports removals, also of an item an earlier operation of the batch created", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 90 })] },
    ]);
    const result = applyOk(state, [
      { type: "add_text", text: "Short-lived" },
      { type: "remove_item", item_id: "new-2" },
      { type: "remove_item", item_id: "v" },
    ]);
    expect(result.value.operationResults.map((outcome) => outcome.removedItemIds)).toEqual([
      [],
      ["new-2"],
      ["v"],
    ]);
    expect(result.value.operationResults[0]?.createdItemIds).toEqual(["new-2"]);
  });

  it("an empty batch has no operation results", () => {
    expect(applyOk(createEditorState(), []).value.operationResults).toEqual([]);
  });
});

describe("split_item keeps the original id on the left half", () => {
  const state = () =>
    stateOf([
      {
        id: "main",
        items: [video({ id: "clip", from: 30, durationInFrames: 120 }, { sourceStartSeconds: 2 })],
      },
    ]);

  it("shortens the original into the left half and adds the right half under a new id", () => {
    const result = applyOk(state(), [{ type: "split_item", item_id: "clip", at_seconds: 3 }]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["clip", 30, 90],
      ["new-1", 90, 150],
    ]);
    expect(itemOf(result.value.state, "clip")).toMatchObject({ sourceStartSeconds: 2 });
    expect(itemOf(result.value.state, "new-1")).toMatchObject({ sourceStartSeconds: 4 });
    expect(result.value.operationResults).toEqual([
      { type: "split_item", createdItemIds: ["new-1"], removedItemIds: [] },
    ]);
  });

  it("lets a later operation of the same batch name the left half by the original id", () => {
    const result = applyOk(state(), [
      { type: "split_item", item_id: "clip", at_seconds: 3 },
      { type: "set_item_transform", item_id: "clip", opacity: 0.5 },
    ]);
    expect(itemOf(result.value.state, "clip").opacity).toBe(0.5);
    expect(itemOf(result.value.state, "new-1").opacity).toBe(1);
  });
});
