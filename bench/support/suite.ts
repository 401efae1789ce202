/**
 * What a benchmark suite is: a module that builds and checks its fixtures, registers its
 * mitata benchmarks, and says which results to report. `bench/index.ts` runs every suite
 * in one mitata `run()`.
 *
 * @module
 */
import type { ReportSection } from "./report.js";

/** Options every suite receives, parsed from the command line. */
export interface BenchOptions {
  /** Smaller fixtures for a quick smoke run; numbers are indicative only. */
  readonly quick: boolean;
}

/** One suite of benchmarks. */
export interface BenchSuite {
  /** Short name, used in the results block. */
  readonly name: string;
  /**
   * Builds the fixtures, checks them (throwing when one is broken, so nothing invalid is
   * timed), registers the benchmarks with mitata's `bench`, `group` and `summary`, and
   * returns the lines to report once the run is over.
   */
  register(options: BenchOptions): ReportSection | Promise<ReportSection>;
}
