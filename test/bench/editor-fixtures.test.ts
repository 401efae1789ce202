import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  assertBatchApplies,
  buildEditBatch,
  EDIT_BATCH_SIZE,
} from "../../bench/support/edit-batch.js";
import { applyWithClonePerOperation } from "../../bench/support/naive.js";
import { evaluateLine, type RunResult } from "../../bench/support/report.js";
import { buildTimeline } from "../../bench/support/timeline.js";
import { validateEditorState } from "../../src/editor/index.js";

// The benchmarks must time real, successful work: these checks keep the fixtures honest
// when the engine changes, without running the benchmarks themselves.
describe("editor benchmark fixtures", () => {
  const state = buildTimeline(1_000);

  it("builds a valid, deeply frozen timeline of exactly the requested size", () => {
    expect(Object.keys(state.items)).toHaveLength(1_000);
    expect(validateEditorState(state)).toEqual([]);
    expect(Object.isFrozen(state.items)).toBe(true);
    expect(Object.isFrozen(state.tracks[0]?.items)).toBe(true);
    expect(Object.keys(buildTimeline(1_003).items)).toHaveLength(1_003);
  });

  it("builds a deterministic batch that mixes kinds and applies", () => {
    const batch = buildEditBatch(state);
    expect(batch).toHaveLength(EDIT_BATCH_SIZE);
    expect(buildEditBatch(state)).toEqual(batch);
    expect(batch[0]?.type).toBe("set_item_transform");
    expect(new Set(batch.map((operation) => operation.type)).size).toBeGreaterThanOrEqual(10);
    expect(assertBatchApplies(state, batch).value.applied).toHaveLength(EDIT_BATCH_SIZE);
  });

  it("makes the clone-per-op baseline end where the batch ends", () => {
    const batch = buildEditBatch(state);
    const batched = assertBatchApplies(state, batch).value.state;
    expect(isDeepStrictEqual(applyWithClonePerOperation(state, batch), batched)).toBe(true);
  });
});

describe("benchmark report", () => {
  const result: RunResult = {
    benchmarks: [
      { runs: [{ name: "slow", stats: { avg: 300 } }] },
      {
        runs: [
          { name: "fast", stats: { avg: 100 } },
          { name: "broken", stats: undefined },
        ],
      },
    ],
  };

  it("prints PASS or FAIL against a target", () => {
    const line = { kind: "ratio", label: "r", numerator: "slow", denominator: "fast" } as const;
    expect(evaluateLine(result, { ...line, target: { comparison: "at-most", value: 3 } })).toEqual({
      text: "r: 3.00x (target <= 3x) PASS",
      passed: true,
    });
    expect(
      evaluateLine(result, { ...line, target: { comparison: "at-least", value: 20 } }),
    ).toEqual({ text: "r: 3.00x (target >= 20x) FAIL", passed: false });
  });

  it("prints a figure's target in its own unit", () => {
    const figure = {
      kind: "figure",
      label: "delay",
      text: "39 ms",
      value: 39,
      target: { comparison: "at-most", value: 100, unit: " ms" },
    } as const;
    expect(evaluateLine(result, figure)).toEqual({
      text: "delay: 39 ms (target <= 100 ms) PASS",
      passed: true,
    });
  });

  it("fails a targeted ratio whose benchmark has no result", () => {
    const outcome = evaluateLine(result, {
      kind: "ratio",
      label: "r",
      numerator: "broken",
      denominator: "fast",
      target: { comparison: "at-most", value: 3 },
    });
    expect(outcome.passed).toBe(false);
  });
});
