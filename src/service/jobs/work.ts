/**
 * The status moves of paid work (spec 3 leaves them open): `queued` → `generating` →
 * `completed` or `error`. Generations start at `generating`, slideshows and videos at
 * `queued`. A finished record never moves again, so a job run twice changes nothing the
 * second time. Each move is a pure change for `ScopedRecordStore.update`. A record in
 * `error` is reported with the `error` object of spec 7.3, shared by generations,
 * slideshows and videos.
 *
 * @module
 */

import { creditsReturned } from "../../credits/credits-returned.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { JobFailure, WorkStatus } from "../../ports/records.js";
import type { RecordChange } from "../../ports/stores.js";
import type { GenerationError } from "../../schemas/generations.js";

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

/** A record whose failure can be reported: its work state and the hold that paid for it. */
export interface FailedWorkSource extends WorkState {
  /** The credit hold of the work; null when nothing was held (an editor project). */
  readonly holdId: string | null;
}

// A record in `error` always carries its failure; this stands in should a store lose it.
// An unknown failure is not a content-policy rejection (spec 7.3.6), so it may be retried.
const UNKNOWN_FAILURE: JobFailure = {
  category: "unknown",
  message: "The work failed for an unknown reason.",
  retryable: true,
};

/**
 * The failure details of a record in `error`, or null for any other status.
 * `credits_returned` is true when the hold was released, false when it was captured, and
 * null when the hold is unknown or still open (spec 7.3.5).
 */
export async function workErrorOf(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  record: FailedWorkSource,
): Promise<GenerationError | null> {
  if (record.status !== "error") return null;
  const failure = record.failure ?? UNKNOWN_FAILURE;
  const hold =
    record.holdId === null ? undefined : await deps.credits.hold(organizationId, record.holdId);
  return {
    code: "generation_failed",
    message: failure.message,
    retryable: failure.retryable,
    category: failure.category,
    credits_returned: creditsReturned(hold?.state),
  };
}
