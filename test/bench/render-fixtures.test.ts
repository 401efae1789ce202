import { describe, expect, it } from "vitest";
import { benchTimeline, EXPORT_WIDTH } from "../../bench/support/render-timeline.js";
import { evaluateLine, type RunResult } from "../../bench/support/report.js";
import { planRender, summarizeEditor, validateEditorState } from "../../src/editor/index.js";

// The render benchmark must time a real, valid timeline; these checks run without ffmpeg.
describe("render benchmark fixtures", () => {
  it("builds a valid 30 s timeline of about ten items that plans at 720p", () => {
    const state = benchTimeline(30);
    expect(validateEditorState(state)).toEqual([]);
    const summary = summarizeEditor(state);
    expect(summary.totalDurationSeconds).toBe(30);
    expect(summary.itemCount).toBeGreaterThanOrEqual(9);
    expect(Object.keys(summary.itemTypes).sort()).toEqual([
      "audio",
      "captions",
      "image",
      "solid",
      "text",
      "video",
    ]);
    const planned = planRender(state, { width: EXPORT_WIDTH });
    expect(
      planned.ok && [planned.value.width, planned.value.height, planned.value.frameCount],
    ).toEqual([1280, 720, 900]);
  });

  it("scales the timeline down for a quick run", () => {
    const quick = benchTimeline(10);
    expect(validateEditorState(quick)).toEqual([]);
    expect(summarizeEditor(quick).totalDurationSeconds).toBe(10);
  });

  it("reports a measured figure against its target", () => {
    const result: RunResult = { benchmarks: [] };
    const line = { kind: "figure", label: "export", text: "3.40x real time", value: 3.4 } as const;
    expect(evaluateLine(result, line)).toEqual({ text: "export: 3.40x real time" });
    expect(evaluateLine(result, { ...line, target: { comparison: "at-least", value: 3 } })).toEqual(
      {
        text: "export: 3.40x real time (target >= 3x) PASS",
        passed: true,
      },
    );
  });
});
