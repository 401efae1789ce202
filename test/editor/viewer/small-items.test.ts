/**
 * Smaller viewer-facing rules: a text box grows when its text needs more lines, and a
 * state with older audio items (no audio role) validates once normalized.
 */
import { describe, expect, it } from "vitest";
import {
  applyOperations,
  type EditorState,
  normalizeEditorState,
  validateEditorState,
} from "../../../src/editor/index.js";
import { applyOk, itemOf } from "../support/apply.js";
import { asset, audio, stateOf, text } from "../support/fixtures.js";
import { deepFreeze } from "../support/freeze.js";

describe("update_text grows the box when the text needs more lines", () => {
  const titled = (top: number, height = 100) =>
    stateOf([
      {
        id: "words",
        items: [text({ id: "t", from: 0, durationInFrames: 30 }, { top, height, width: 1080 })],
      },
    ]);

  it("grows the height to hold every line", () => {
    const result = applyOk(titled(0), [
      { type: "update_text", item_id: "t", text: "word ".repeat(80).trim() },
    ]);
    // 64 px text wraps 30 characters a line at 1080 px: 14 lines of 76.8 px, plus padding.
    expect(itemOf(result.value.state, "t")).toMatchObject({ top: 0, height: 1108 });
  });

  it("grows for a larger font too, and never shrinks", () => {
    const bigger = applyOk(titled(0), [
      { type: "update_text", item_id: "t", style: { font_size: 80 } },
    ]);
    expect(itemOf(bigger.value.state, "t").height).toBe(136);
    const smaller = applyOk(titled(0, 300), [{ type: "update_text", item_id: "t", text: "Hi" }]);
    expect(itemOf(smaller.value.state, "t").height).toBe(300);
  });

  it("moves a grown box up so it stays inside the composition", () => {
    const result = applyOk(titled(1800), [
      { type: "update_text", item_id: "t", text: "word ".repeat(20).trim() },
    ]);
    const item = itemOf(result.value.state, "t");
    // 99 characters are 4 lines: 307.2 px of text and 32 px of padding.
    expect(item.height).toBe(340);
    expect(item.top + item.height).toBe(1920);
  });
});

describe("older audio items", () => {
  function legacy(): EditorState {
    const { audioRole: _role, ...song } = audio(
      { id: "song", from: 0, durationInFrames: 60 },
      { assetId: "old-asset" },
    );
    return stateOf([{ id: "music", items: [song] }], {
      assets: [asset("old-asset", "audio", { metadata: { category: "music" } })],
    });
  }

  it("the engine accepts them, and they validate once the state is normalized", () => {
    const state = deepFreeze(legacy());
    const edited = applyOperations(state, [{ type: "set_title", title: "Old project" }]);
    expect(edited.ok).toBe(true);
    expect(validateEditorState(state).map((problem) => problem.path)).toEqual([
      "items.song.audioRole",
    ]);
    const normalized = normalizeEditorState(state);
    expect(validateEditorState(normalized)).toEqual([]);
    expect(normalized.items.song).toMatchObject({ audioRole: "music" });
    expect(state.items.song).not.toHaveProperty("audioRole");
  });

  it("normalizing a state without older items returns it unchanged", () => {
    const state = applyOk(legacy(), [
      { type: "set_audio_levels", audio_roles: ["music"], volume_db: -3 },
    ]).value.state;
    expect(normalizeEditorState(state)).toBe(state);
  });
});
