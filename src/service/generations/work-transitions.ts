/**
 * The status moves of paid work (spec 3 leaves them open): `queued` → `generating` →
 * `completed` or `error`. Generations start at `generating`, slideshows and videos at
 * `queued`. A finished record never moves again, so a job run twice changes nothing the
 * second time. Each move is a pure change for `ScopedRecordStore.update`.
 *
 * @module
 */

import type { JobFailure, WorkStatus } from "../ports/records.js";
import type { RecordChange } from "../ports/stores.js";

/** The fields of a record that its work moves. */
export interface WorkState {
  /** Status of the work; `ready` marks an editor project, which has no work to run. */
  readonly status: WorkStatus | "ready";
  /** The final asset URL once `completed`. */
  readonly url: string | null;
  /** The failure once `error`. */
  readonly failure: JobFailure | null;
  /** ISO 8601 time of the last change. */
  readonly updatedAt: string;
}

/** True while a worker may still take the work: it is `queued` or `generating`. */
export function isRunnable(status: WorkState["status"]): boolean {
  return status === "queued" || status === "generating";
}

/** Marks runnable work as `generating`; anything else is left as it is. */
export function startWork<Row extends WorkState>(updatedAt: string): RecordChange<Row> {
  return (row) => (row.status === "queued" ? { ...row, status: "generating", updatedAt } : row);
}

/** Marks runnable work as `completed` with its final URL. */
export function completeWork<Row extends WorkState>(
  url: string,
  updatedAt: string,
): RecordChange<Row> {
  return (row) =>
    isRunnable(row.status) ? { ...row, status: "completed", url, failure: null, updatedAt } : row;
}

/** Marks runnable work as `error` with the failure. */
export function failWork<Row extends WorkState>(
  failure: JobFailure,
  updatedAt: string,
): RecordChange<Row> {
  return (row) =>
    isRunnable(row.status) ? { ...row, status: "error", url: null, failure, updatedAt } : row;
}
