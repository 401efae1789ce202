/**
 * Editor engine benchmarks: what a batch of edits costs as the timeline grows.
 *
 * For each timeline size it times `applyOperations` with a one-operation batch and with
 * the fifty-operation batch of `support/edit-batch.ts`, and at one size also the naive
 * baseline that deep-clones the state before every operation. The report then checks the
 * engine's two promises (DESIGN principle 5, `apply.ts`): an operation costs the same
 * whatever the size of the timeline, so fifty operations cost little more than one; and
 * copy-on-write beats cloning by a wide margin.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { bench, do_not_optimize, group, summary } from "mitata";
import {
  applyBatch,
  assertBatchApplies,
  buildEditBatch,
  EDIT_BATCH_SIZE,
} from "./support/edit-batch.js";
import { applyWithClonePerOperation } from "./support/naive.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";
import { buildTimeline } from "./support/timeline.js";

/** Fifty operations should cost at most this many times one, on the largest timeline. */
export const BATCH_TO_SINGLE_MAX = 3;
/** `applyOperations` should beat cloning the state per operation by at least this factor. */
export const SPEED_UP_OVER_CLONING_MIN = 20;

/** Which timelines to build and where to take the two targeted ratios. */
interface EditorPlan {
  /** Timeline sizes, in items, smallest first. */
  readonly sizes: readonly number[];
  /** Size at which the 50-op / 1-op ratio is checked. */
  readonly batchRatioAt: number;
  /** Size at which the naive baseline runs (it clones the state fifty times per iteration). */
  readonly naiveAt: number;
}

const FULL_PLAN: EditorPlan = {
  sizes: [1_000, 10_000, 100_000],
  batchRatioAt: 100_000,
  naiveAt: 10_000,
};

// Smaller timelines, so a smoke run takes seconds; the ratios move to the sizes it has.
const QUICK_PLAN: EditorPlan = { sizes: [1_000, 10_000], batchRatioAt: 10_000, naiveAt: 1_000 };

/** `1k`, `10k`, `100k`. */
function shortSize(items: number): string {
  return items >= 1_000 ? `${items / 1_000}k` : String(items);
}

/** The mitata names of the benchmarks at one size; the report finds results by name. */
export function benchNames(items: number): { single: string; batch: string; naive: string } {
  const at = `@${shortSize(items)}`;
  return {
    single: `applyOperations, 1 op ${at}`,
    batch: `applyOperations, ${EDIT_BATCH_SIZE} ops ${at}`,
    naive: `clone per op, ${EDIT_BATCH_SIZE} ops ${at}`,
  };
}

/** Builds, checks and registers one timeline size. */
function registerSize(items: number, plan: EditorPlan): void {
  const startedAt = performance.now();
  const state = buildTimeline(items);
  const builtMilliseconds = performance.now() - startedAt;
  const batch = buildEditBatch(state);
  const single = batch.slice(0, 1);
  const applied = assertBatchApplies(state, batch);
  assertBatchApplies(state, single);
  console.log(
    `editor: ${items.toLocaleString("en-US")}-item timeline built and validated in ${builtMilliseconds.toFixed(0)} ms; ` +
      `the ${batch.length}-op batch applies (${state.tracks.length} -> ${applied.value.state.tracks.length} tracks).`,
  );
  const names = benchNames(items);
  const withNaive = items === plan.naiveAt;
  // The baseline must do the same work: same operations, same ids, same final state.
  if (
    withNaive &&
    !isDeepStrictEqual(applyWithClonePerOperation(state, batch), applied.value.state)
  ) {
    throw new Error("The clone-per-op baseline ends in a different state than the batch.");
  }
  group(`applyOperations on a ${items.toLocaleString("en-US")}-item timeline`, () => {
    summary(() => {
      bench(names.single, () => do_not_optimize(applyBatch(state, single)));
      bench(names.batch, () => do_not_optimize(applyBatch(state, batch)));
      if (withNaive) {
        bench(names.naive, () => do_not_optimize(applyWithClonePerOperation(state, batch)));
      }
    });
  });
}

function reportLines(plan: EditorPlan, quick: boolean): ReportLine[] {
  const lines: ReportLine[] = plan.sizes.map((items) => ({
    kind: "time",
    label: `${EDIT_BATCH_SIZE}-op batch @${shortSize(items)}`,
    bench: benchNames(items).batch,
    operations: EDIT_BATCH_SIZE,
  }));
  for (const [index, items] of plan.sizes.entries()) {
    const smaller = plan.sizes[index - 1];
    if (smaller === undefined) continue;
    lines.push({
      kind: "ratio",
      label: `growth of the ${EDIT_BATCH_SIZE}-op batch @${shortSize(smaller)} -> @${shortSize(items)} (${items / smaller}x the items)`,
      numerator: benchNames(items).batch,
      denominator: benchNames(smaller).batch,
    });
  }
  const suffix = quick ? " [quick]" : "";
  const ratioNames = benchNames(plan.batchRatioAt);
  lines.push({
    kind: "ratio",
    label: `ratio ${EDIT_BATCH_SIZE}-op / 1-op @${shortSize(plan.batchRatioAt)}${suffix}`,
    numerator: ratioNames.batch,
    denominator: ratioNames.single,
    target: { comparison: "at-most", value: BATCH_TO_SINGLE_MAX },
  });
  const naiveNames = benchNames(plan.naiveAt);
  lines.push({
    kind: "ratio",
    label: `speed-up of applyOperations over clone per op @${shortSize(plan.naiveAt)}${suffix}`,
    numerator: naiveNames.naive,
    denominator: naiveNames.batch,
    target: { comparison: "at-least", value: SPEED_UP_OVER_CLONING_MIN },
  });
  return lines;
}

/** The editor suite. */
export const editorSuite: BenchSuite = {
  name: "editor",
  register(options: BenchOptions): ReportSection {
    const plan = options.quick ? QUICK_PLAN : FULL_PLAN;
    for (const items of plan.sizes) registerSize(items, plan);
    return { title: "editor (applyOperations)", lines: reportLines(plan, options.quick) };
  },
};
