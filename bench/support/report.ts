/**
 * The results block printed after mitata's tables: times and ratios computed from the
 * average time of each benchmark in the one `run()`, with PASS or FAIL next to every
 * ratio that has a target. Benchmarks report; they never fail the process on a target.
 *
 * @module
 */
/**
 * The part of what mitata's `run()` resolves to that the report reads: each benchmark's
 * runs, by name, with their statistics (times in nanoseconds; none when the run failed).
 */
export interface RunResult {
  readonly benchmarks: ReadonlyArray<{
    readonly runs: ReadonlyArray<{
      readonly name: string;
      readonly stats?: { readonly avg: number } | undefined;
    }>;
  }>;
}

/** A bound a ratio should keep. */
export interface RatioTarget {
  /** `at-most` for costs that should stay low, `at-least` for speed-ups. */
  readonly comparison: "at-most" | "at-least";
  /** The bound, as a plain factor (3 for "3x"), or in `unit`. */
  readonly value: number;
  /** What the bound is counted in when it is not a factor, as printed after it (" ms"). */
  readonly unit?: string;
}

/** A line of the results block, naming benchmarks by their mitata names. */
export type ReportLine =
  | {
      /** The average time of one benchmark, optionally per operation too. */
      readonly kind: "time";
      readonly label: string;
      readonly bench: string;
      /** Operations per iteration; adds a per-operation time. */
      readonly operations?: number;
    }
  | {
      /** `numerator / denominator` of average times, e.g. a slowdown or a speed-up. */
      readonly kind: "ratio";
      readonly label: string;
      readonly numerator: string;
      readonly denominator: string;
      readonly target?: RatioTarget;
    }
  | {
      /**
       * A figure a suite measured itself, outside mitata (runs too long to sample, such
       * as a video export): its text, and the value a target is checked against.
       */
      readonly kind: "figure";
      readonly label: string;
      readonly text: string;
      readonly value?: number;
      readonly target?: RatioTarget;
    };

/** How one line came out. */
export interface ReportOutcome {
  /** The printed line. */
  readonly text: string;
  /** PASS or FAIL for a ratio with a target; undefined otherwise. */
  readonly passed?: boolean;
}

/** Average time per iteration of the benchmark named `name`, in nanoseconds. */
export function averageNanoseconds(result: RunResult, name: string): number | undefined {
  for (const trial of result.benchmarks) {
    for (const benchRun of trial.runs) {
      if (benchRun.name === name && benchRun.stats !== undefined) return benchRun.stats.avg;
    }
  }
  return undefined;
}

/** `1.2 s`, `13.4 ms`, `850 µs`, `95 ns`. */
export function formatNanoseconds(nanoseconds: number): string {
  const units: ReadonlyArray<readonly [number, string]> = [
    [1e9, "s"],
    [1e6, "ms"],
    [1e3, "µs"],
  ];
  for (const [size, unit] of units) {
    if (nanoseconds >= size) return `${significant(nanoseconds / size)} ${unit}`;
  }
  return `${significant(nanoseconds)} ns`;
}

/** A factor with three significant digits at most: `1.06x`, `12.4x`, `337x`. */
export function formatFactor(factor: number): string {
  return `${significant(factor)}x`;
}

function significant(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** True when `value` keeps `target`. */
export function meetsTarget(value: number, target: RatioTarget): boolean {
  return target.comparison === "at-most" ? value <= target.value : value >= target.value;
}

function describeTarget(target: RatioTarget): string {
  return `target ${target.comparison === "at-most" ? "<=" : ">="} ${target.value}${target.unit ?? "x"}`;
}

/** Computes one line from the run; a benchmark that failed or was filtered out says so. */
export function evaluateLine(result: RunResult, line: ReportLine): ReportOutcome {
  if (line.kind === "figure") {
    if (line.target === undefined || line.value === undefined) {
      return { text: `${line.label}: ${line.text}` };
    }
    const passed = meetsTarget(line.value, line.target);
    return {
      text: `${line.label}: ${line.text} (${describeTarget(line.target)}) ${passed ? "PASS" : "FAIL"}`,
      passed,
    };
  }
  if (line.kind === "time") {
    const average = averageNanoseconds(result, line.bench);
    if (average === undefined) return { text: `${line.label}: no result (${line.bench})` };
    const perOperation =
      line.operations === undefined
        ? ""
        : ` (${formatNanoseconds(average / line.operations)} per op, amortized)`;
    return { text: `${line.label}: ${formatNanoseconds(average)}${perOperation}` };
  }
  const numerator = averageNanoseconds(result, line.numerator);
  const denominator = averageNanoseconds(result, line.denominator);
  if (numerator === undefined || denominator === undefined) {
    const missing = numerator === undefined ? line.numerator : line.denominator;
    const verdict = line.target === undefined ? "" : " FAIL";
    return { text: `${line.label}: no result (${missing})${verdict}`, passed: false };
  }
  const factor = numerator / denominator;
  if (line.target === undefined) return { text: `${line.label}: ${formatFactor(factor)}` };
  const passed = meetsTarget(factor, line.target);
  return {
    text: `${line.label}: ${formatFactor(factor)} (${describeTarget(line.target)}) ${passed ? "PASS" : "FAIL"}`,
    passed,
  };
}

/** A suite's heading and its lines, as the results block shows them. */
export interface ReportSection {
  /** Suite name. */
  readonly title: string;
  /** Lines in print order. */
  readonly lines: readonly ReportLine[];
}

/**
 * Prints the results block and returns how many targets failed, so the caller can
 * summarize without failing the process.
 */
export function printReport(
  result: RunResult,
  sections: readonly ReportSection[],
  print: (text: string) => void = console.log,
): { checked: number; failed: number } {
  let checked = 0;
  let failed = 0;
  print("");
  print("Results");
  print("=======");
  for (const section of sections) {
    print(`${section.title}:`);
    for (const line of section.lines) {
      const outcome = evaluateLine(result, line);
      if (outcome.passed !== undefined) checked += 1;
      if (outcome.passed === false) failed += 1;
      print(`  ${outcome.text}`);
    }
  }
  print("");
  print(
    failed === 0
      ? `All ${checked} targets met.`
      : `FAIL: ${failed} of ${checked} targets missed (reported only; the exit code stays 0).`,
  );
  return { checked, failed };
}
