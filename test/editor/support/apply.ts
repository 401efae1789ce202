/**
 * Applying batches in tests, with the laws every batch must keep checked each time: the
 * input (deep-frozen) is untouched, the result is valid, the inverse restores the input,
 * the patches replay the change, and the state survives a JSON round-trip.
 */
import { applyPatches } from "immer";
import { expect } from "vitest";
import {
  type ApplyOptions,
  type ApplySuccess,
  applyOperations,
  type EditError,
  type EditorState,
  validateEditorState,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { deepFreeze } from "./freeze.js";
import { countingIds } from "./ids.js";

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

function withTestIds(options: ApplyOptions): ApplyOptions {
  return { generateId: countingIds("new"), ...options };
}

/** Applies a batch that must succeed and checks the laws; returns the success. */
export function applyOk(
  state: EditorState,
  operations: EditOperation[],
  options: ApplyOptions = {},
): ApplySuccess {
  const before = structuredClone(state);
  deepFreeze(state);
  deepFreeze(operations);
  const result = applyOperations(state, operations, withTestIds(options));
  if (!result.ok) {
    throw new Error(`Expected success, got ${result.error.code}: ${result.error.message}`);
  }
  expect(state).toEqual(before);
  expect(validateEditorState(result.value.state)).toEqual([]);
  expect(applyPatches(result.value.state, result.value.inverse)).toEqual(before);
  expect(applyPatches(state, result.value.patches)).toEqual(result.value.state);
  expect(JSON.parse(JSON.stringify(result.value.state))).toEqual(result.value.state);
  expect(isDeepFrozen(result.value.state)).toBe(true);
  return result;
}

/** Applies a batch that must fail; checks nothing changed and returns the error. */
export function applyFails(
  state: EditorState,
  operations: EditOperation[],
  options: ApplyOptions = {},
): EditError {
  const before = structuredClone(state);
  deepFreeze(state);
  deepFreeze(operations);
  const result = applyOperations(state, operations, withTestIds(options));
  if (result.ok) throw new Error("Expected the batch to fail, but it applied.");
  expect(state).toEqual(before);
  expect(result.error.message.length).toBeGreaterThan(0);
  return result.error;
}

/** The frame intervals of a track's items, in order: `[from, end)` pairs. */
export function trackSpans(state: EditorState, trackId: string): Array<[string, number, number]> {
  const track = state.tracks.find((candidate) => candidate.id === trackId);
  if (track === undefined) throw new Error(`No track ${trackId}`);
  return track.items.map((id) => {
    const item = state.items[id];
    if (item === undefined) throw new Error(`No item ${id}`);
    return [id, item.from, item.from + item.durationInFrames];
  });
}

/** The item with `id`, failing the test when it is missing. */
export function itemOf(state: EditorState, id: string): NonNullable<EditorState["items"][string]> {
  const item = state.items[id];
  if (item === undefined) throw new Error(`No item ${id}`);
  return item;
}

/** Position of the item's track, 0 being the front-most layer. */
export function layerOf(state: EditorState, item: { trackId: string }): number {
  return state.tracks.findIndex((track) => track.id === item.trackId);
}

/** The ids of the tracks, front first. */
export function trackIds(state: EditorState): string[] {
  return state.tracks.map((track) => track.id);
}
