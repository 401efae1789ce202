/**
 * The `error` object of failed work (spec 7.3), shared by generations, slideshows and
 * videos: code `generation_failed`, the stored failure's category and `retryable`, and
 * whether the credits came back, read from the credit hold itself.
 *
 * @module
 */
import { creditsReturned } from "../../credits/credits-returned.js";
import type { GenerationError } from "../../schemas/generations.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { JobFailure } from "../ports/records.js";
import type { WorkState } from "./work-transitions.js";

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
  organizationId: number,
  record: FailedWorkSource,
): Promise<GenerationError | null> {
  if (record.status !== "error") return null;
  const failure = record.failure ?? UNKNOWN_FAILURE;
  const hold =
    record.holdId === null
      ? undefined
      : await deps.credits.hold(String(organizationId), record.holdId);
  return {
    code: "generation_failed",
    message: failure.message,
    retryable: failure.retryable,
    category: failure.category,
    credits_returned: creditsReturned(hold?.state),
  };
}
