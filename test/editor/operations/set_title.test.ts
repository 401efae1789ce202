import { describe, expect, it } from "vitest";
import { createEditorState } from "../../../src/editor/index.js";
import { applyOk } from "../support/apply.js";

describe("set_title", () => {
  it.each([
    ["a short title", "A"],
    ["a long title", "x".repeat(160)],
    ["a title with symbols", "Spring — Sale 2026 🎉"],
  ])("sets %s", (_name, title) => {
    const result = applyOk(createEditorState({ title: "Old" }), [{ type: "set_title", title }]);
    expect(result.value.state.title).toBe(title);
    expect(result.value.inverse).toEqual([{ op: "replace", path: ["title"], value: "Old" }]);
  });

  it("titles an untitled project", () => {
    const result = applyOk(createEditorState(), [{ type: "set_title", title: "First" }]);
    expect(result.value.state.title).toBe("First");
  });

  it("keeps the last of several titles in a batch", () => {
    const state = createEditorState({ title: "A" });
    const result = applyOk(state, [
      { type: "set_title", title: "B" },
      { type: "set_title", title: "A" },
    ]);
    expect(result.value.state).toBe(state);
  });
});
