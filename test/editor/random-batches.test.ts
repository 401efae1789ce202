import fc from "fast-check";
import { applyPatches } from "immer";
import { describe, expect, it } from "vitest";
import {
  addMediaItem,
  applyOperations,
  createEditorState,
  EDIT_ERROR_CODES,
  type EditorState,
  summarizeEditor,
  validateEditorState,
} from "../../src/editor/index.js";
import type { EditOperation } from "../../src/schemas/edit-operations.js";
import { countingIds } from "./support/ids.js";

// A recipe picks an operation type and raw numbers; it becomes an operation against the
// state it is applied to, so most operations name items that exist.
const recipeArbitrary = fc.record({
  kind: fc.integer({ min: 0, max: 15 }),
  pick: fc.nat(),
  other: fc.nat(),
  seconds: fc.double({ min: 0, max: 20, noNaN: true }),
  length: fc.double({ min: 0.01, max: 8, noNaN: true }),
  flag: fc.boolean(),
});
type Recipe = typeof recipeArbitrary extends fc.Arbitrary<infer Value> ? Value : never;

function pickId(ids: readonly string[], index: number): string {
  return ids.length === 0 ? "missing" : (ids[index % ids.length] ?? "missing");
}

function toOperation(state: EditorState, recipe: Recipe): EditOperation {
  const itemIds = Object.keys(state.items);
  if (itemIds.length === 0 && recipe.kind > 1) {
    return { type: "add_text", text: "First", from_seconds: recipe.seconds };
  }
  const itemId = pickId(itemIds, recipe.pick);
  const otherId = pickId(itemIds, recipe.other);
  const trackId = pickId(
    state.tracks.map((track) => track.id),
    recipe.other,
  );
  const { seconds, length, flag } = recipe;
  const operations: EditOperation[] = [
    { type: "add_text", text: "Hello there", from_seconds: seconds, duration_seconds: length },
    { type: "add_solid", from_seconds: seconds, duration_seconds: length },
    { type: "remove_item", item_id: itemId },
    { type: "set_item_timing", item_id: itemId, from_seconds: seconds, duration_seconds: length },
    { type: "split_item", item_id: itemId, at_seconds: seconds },
    { type: "move_item_to_track", item_id: itemId, track_id: trackId },
    { type: "set_item_layer_order", item_id: itemId, position: flag ? "front" : "back" },
    {
      type: "apply_item_transition",
      from_item_id: itemId,
      to_item_id: otherId,
      overlap_seconds: length / 4,
      preserve_to_item_end: flag,
    },
    {
      type: "add_sound_effect",
      url: "https://sfx.example.com/a.mp3",
      from_seconds: seconds,
      duration_seconds: length,
    },
    { type: "set_audio_levels", item_types: ["audio", "video"], volume_db: flag ? -20 : 3 },
    {
      type: "add_captions",
      captions: [{ text: "Hi", startMs: 0, endMs: length * 1000 }],
      from_seconds: seconds,
    },
    { type: "set_item_transform", item_id: itemId, left: seconds, opacity: flag ? 0.5 : 1 },
    { type: "set_item_animation", item_id: itemId, enter: flag ? { type: "fade" } : null },
    { type: "set_item_audio", item_id: itemId, volume_db: -6 },
    { type: "set_item_source", item_id: itemId, playback_rate: 1 + length / 8 },
    { type: "update_text", item_id: itemId, text: "Changed" },
  ];
  return operations[recipe.kind % operations.length] as EditOperation;
}

// A project with a video and music to start from, so operations have items to act on.
function startingState(fps: number, generateId: () => string): EditorState {
  let state = createEditorState({ fps });
  for (const [kind, duration] of [
    ["video", 6],
    ["audio", 9],
  ] as const) {
    const url = `https://cdn.example.com/${kind}`;
    const result = addMediaItem(
      state,
      { kind, url, durationSeconds: 30 },
      { placement: { duration_seconds: duration }, generateId },
    );
    if (!result.ok) throw new Error(result.error.message);
    state = result.value.state;
  }
  return state;
}

describe("random batches", () => {
  it("keep every invariant, undo exactly, and reject atomically", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(24, 25, 30, 60),
        fc.array(fc.array(recipeArbitrary, { minLength: 1, maxLength: 4 }), { maxLength: 10 }),
        (fps, batches) => {
          const generateId = countingIds("r");
          let state = startingState(fps, generateId);
          for (const recipes of batches) {
            const operations = recipes.map((recipe) => toOperation(state, recipe));
            const before = structuredClone(state);
            const result = applyOperations(state, operations, { generateId });
            expect(state).toEqual(before);
            if (!result.ok) {
              expect(EDIT_ERROR_CODES).toContain(result.error.code);
              continue;
            }
            expect(validateEditorState(result.value.state)).toEqual([]);
            expect(applyPatches(result.value.state, result.value.inverse)).toEqual(before);
            expect(JSON.parse(JSON.stringify(result.value.state))).toEqual(result.value.state);
            const summary = summarizeEditor(result.value.state);
            expect(summary.itemCount).toBe(
              result.value.state.tracks.reduce((count, track) => count + track.items.length, 0),
            );
            state = result.value.state;
          }
        },
      ),
      { seed: 20260101, numRuns: 300 },
    );
  });
});
