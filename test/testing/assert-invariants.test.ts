import fc from "fast-check";
import {
  applyOperationsOrThrow,
  createEditorState,
  type EditorState,
  validateEditorState,
} from "reelkit/editor";
import {
  assertEditorInvariants,
  EditorInvariantError,
  editorStateArbitrary,
} from "reelkit/testing";
import { describe, expect, it } from "vitest";
import { countingIds } from "../editor/support/ids.js";
import { SEED } from "./seeds.js";

// Two solids one after the other on one track, a text on another: a small valid state
// to break by hand. The states the engine returns are frozen, so each test edits a copy.
function twoSolidsAndText(): EditorState {
  const { state } = applyOperationsOrThrow(
    createEditorState({ fps: 30 }),
    [
      { type: "add_solid", from_seconds: 0, duration_seconds: 2 },
      { type: "add_solid", from_seconds: 2, duration_seconds: 2 },
      { type: "add_text", text: "Hi", from_seconds: 0, duration_seconds: 1 },
    ],
    { generateId: countingIds("h") },
  );
  return structuredClone(state);
}

function thrownBy(action: () => void): EditorInvariantError {
  try {
    action();
  } catch (error) {
    if (error instanceof EditorInvariantError) return error;
    throw error;
  }
  throw new Error("Expected an EditorInvariantError, but nothing was thrown.");
}

function solidTrack(state: EditorState): EditorState["tracks"][number] {
  const track = state.tracks.find((candidate) => candidate.items.length === 2);
  if (track === undefined) throw new Error("No track with both solids.");
  return track;
}

describe("assertEditorInvariants", () => {
  it("passes valid states quietly", () => {
    expect(() => assertEditorInvariants(createEditorState())).not.toThrow();
    expect(() => assertEditorInvariants(twoSolidsAndText())).not.toThrow();
    fc.assert(
      fc.property(editorStateArbitrary({ maxBatches: 4 }), (state) => {
        assertEditorInvariants(state);
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  it("names overlapping items on one track, with the path and the frame", () => {
    const state = twoSolidsAndText();
    const track = solidTrack(state);
    const secondId = track.items[1] as string;
    const second = state.items[secondId];
    if (second === undefined) throw new Error("missing");
    second.from = 30;
    const error = thrownBy(() => assertEditorInvariants(state));
    const position = state.tracks.indexOf(track);
    expect(error.name).toBe("EditorInvariantError");
    expect(error.message).toContain("The editor state breaks 1 invariant:");
    expect(error.message).toContain(
      `tracks.${position}.items.1: Item "${secondId}" starts at frame 30, before the previous item ends.`,
    );
    expect(error.problems).toEqual(validateEditorState(state));
  });

  it("names an item that no track lists", () => {
    const state = twoSolidsAndText();
    const track = solidTrack(state);
    const dropped = track.items.pop() as string;
    const error = thrownBy(() => assertEditorInvariants(state));
    expect(error.message).toContain(
      `items.${dropped}: Item "${dropped}" is not listed on any track.`,
    );
  });

  it("lists every problem at once, one per line", () => {
    const state = twoSolidsAndText();
    const text = Object.values(state.items).find((item) => item.type === "text");
    if (text === undefined) throw new Error("missing text");
    text.from = -1;
    text.opacity = 2;
    state.tracks.push({ id: "ghost", kind: "visual", items: ["nowhere"] });
    state.fps = 0;
    const error = thrownBy(() => assertEditorInvariants(state));
    const lines = error.message.split("\n").slice(1);
    expect(error.problems.length).toBeGreaterThanOrEqual(4);
    expect(lines).toHaveLength(error.problems.length);
    expect(error.message).toContain(`invariants:`);
    expect(error.message).toContain("fps: fps must be an integer from 1 to 120, got 0.");
    expect(error.message).toContain(`items.${text.id}.from: from must be an integer frame >= 0.`);
    expect(error.message).toContain(`items.${text.id}.opacity: opacity must be from 0 to 1.`);
    expect(error.message).toContain('Track lists a missing item "nowhere".');
  });

  it("names an item playing an asset that does not exist", () => {
    const { state: frozen } = applyOperationsOrThrow(
      createEditorState(),
      [{ type: "add_sound_effect", url: "https://sfx.example.com/a.mp3", duration_seconds: 1 }],
      { generateId: countingIds("s") },
    );
    const state = structuredClone(frozen);
    const [assetId] = Object.keys(state.assets);
    delete state.assets[assetId as string];
    const error = thrownBy(() => assertEditorInvariants(state));
    expect(error.message).toContain(`Asset "${assetId}" does not exist.`);
  });
});
