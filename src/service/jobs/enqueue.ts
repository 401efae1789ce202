/**
 * Handing paid work to the job queue. Credits are held before this step; a job the
 * queue refuses is recorded as failed with {@link QUEUE_UNAVAILABLE_FAILURE}, and the
 * caller releases its hold, so a refused job is never charged. Job inputs are plain JSON
 * (the queue may serialize them), so fields a request left out are dropped rather than
 * carried as `undefined`.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job } from "../../ports/jobs.js";
import type { JobFailure } from "../../ports/records.js";

/** The failure category of work the job queue would not take. */
export const QUEUE_UNAVAILABLE_CATEGORY = "queue_unavailable";

/** The failure recorded on work the job queue would not take; trying again may succeed. */
export const QUEUE_UNAVAILABLE_FAILURE: JobFailure = Object.freeze({
  category: QUEUE_UNAVAILABLE_CATEGORY,
  message: "The job queue could not take this work; its credits were returned.",
  retryable: true,
});

/** Queues a job; false when the queue refuses it, which the caller then refunds. */
export async function tryEnqueue(deps: ServiceDependencies, job: Job): Promise<boolean> {
  try {
    await deps.queue.enqueue(job);
    return true;
  } catch {
    // The refusal's details belong to the host's queue, not to the client; the record
    // carries the category and the refund is what matters to the caller.
    return false;
  }
}

/**
 * The 500 answered when nothing of a request reached the queue. Nothing was charged, so
 * the same request with the same idempotency key may be sent again.
 */
export function queueUnavailableError(what: string): ApiError {
  return apiError(
    "server_error",
    `The job queue could not take the ${what}; nothing was charged. Retry with the same idempotency key.`,
    { context: { reason: QUEUE_UNAVAILABLE_CATEGORY } },
  );
}

/** The fields whose value is defined, as a job input. */
export function jobInputOf(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
