/**
 * `describe` for suites that need a real part of the machine (ffmpeg, a browser): under
 * CI=true a missing part fails the suite, elsewhere the suite is skipped, saying why.
 */
import { describe, it } from "vitest";

/** A part a suite needs, and why it is missing (undefined when it is there). */
export interface Need {
  /** What the part is, as a person would install it, such as `ffmpeg`. */
  readonly part: string;
  /** Why it is missing, or undefined when it is installed. */
  readonly missing: string | undefined;
}

/** Runs `suite` when every need is met; otherwise fails under CI or skips, naming the first. */
export function describeNeeding(name: string, needs: readonly Need[], suite: () => void): void {
  const unmet = needs.find((need) => need.missing !== undefined);
  if (unmet === undefined) {
    describe(name, suite);
    return;
  }
  if (process.env.CI === "true") {
    describe(name, () => {
      it(`needs ${unmet.part}, which CI must install (.ci/run does)`, () => {
        throw new Error(`${unmet.missing}; "${name}" cannot run.`);
      });
    });
    return;
  }
  console.warn(`Tests "${name}" skipped: ${unmet.missing}.`);
  describe.skip(name, suite);
}
