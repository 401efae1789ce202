import { applyOperationsOrThrow, createEditorState } from "reelkit/editor";
import { assertEditorInvariants } from "reelkit/testing";
import { describe, expect, it, vi } from "vitest";
import { countingIds } from "../editor/support/ids.js";

// A summary that disagrees with its state cannot come from the real `summarizeEditor`,
// which derives it; a broken one stands in here to show the check would catch it.
vi.mock("../../src/editor/summary.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/editor/summary.js")>();
  return {
    summarizeEditor: (state: Parameters<typeof original.summarizeEditor>[0]) => ({
      ...original.summarizeEditor(state),
      itemCount: 99,
      totalDurationFrames: 1,
    }),
  };
});

describe("assertEditorInvariants against a broken summary", () => {
  it("names each summary field that disagrees with the state", () => {
    const { state } = applyOperationsOrThrow(
      createEditorState({ fps: 30 }),
      [{ type: "add_solid", from_seconds: 1, duration_seconds: 2 }],
      { generateId: countingIds("b") },
    );
    expect(() => assertEditorInvariants(state)).toThrow(
      /summary\.itemCount: summarizeEditor says 99, the state says 1\./,
    );
    expect(() => assertEditorInvariants(state)).toThrow(
      /summary\.totalDurationFrames: summarizeEditor says 1, the state says 90\./,
    );
  });
});
