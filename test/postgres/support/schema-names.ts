/**
 * Names of test schemas: `test_<run>_<random>`, where the run part is the start time of
 * the test run in base 36. The global setup drops a run's schemas when it ends, and
 * those of runs older than a few hours that were killed before they could clean up.
 */
import { randomUUID } from "node:crypto";

const PREFIX = "test_";

/** Stale schemas of killed runs are dropped after this long. */
export const STALE_RUN_MILLISECONDS = 6 * 60 * 60 * 1000;

/** The run part of schema names for a run started at `startMilliseconds`. */
export function runIdOf(startMilliseconds: number): string {
  return startMilliseconds.toString(36);
}

/** A new schema name for the run. */
export function schemaNameFor(runId: string): string {
  return `${PREFIX}${runId}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** True for schemas of the run `runId`, or of a run started before `staleBefore`. */
export function isDroppable(schema: string, runId: string, staleBefore: number): boolean {
  const match = /^test_([0-9a-z]+)_[0-9a-f]+$/.exec(schema);
  if (match?.[1] === undefined) return false;
  return match[1] === runId || Number.parseInt(match[1], 36) < staleBefore;
}
