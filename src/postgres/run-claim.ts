/**
 * Running claimed jobs: one at a time until the outbox has none left (`drainJobs`), or
 * as the worker loop hands them out.
 *
 * @module
 */
import { type JobStop, jobStopOf } from "../ports/jobs.js";
import { releaseJobClaim, renewJobClaim } from "./claim-handback.js";
import { claimJobs, completeJob, failJob, type JobClaim, retryDelayOf } from "./job-claims.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/** How a running claim is stopped from outside, by its worker. */
export interface ClaimControl {
  /**
   * Aborted with a `JobStop` when the job is cancelled or its worker interrupts it; the
   * claim's renewal aborts it too when the job turns out cancelled or lost.
   */
  readonly controller: AbortController;
}

const INTERRUPTED_AND_RESUMED: JobStop = { kind: "interrupted", resumed: true };

// Renews the claim, and stops the job when its work is no longer wanted (a cancellation
// whose notification was missed) or the claim was lost (another worker runs it now).
function renewing(options: PostgresWorkerOptions, claim: JobClaim, { controller }: ClaimControl) {
  const { leaseMilliseconds, onError } = workerSettings(options);
  const renew = async (): Promise<void> => {
    const renewal = await renewJobClaim(options.pool, claim, {
      schema: options.schema,
      leaseMilliseconds,
    });
    if (renewal === "cancelled") controller.abort({ kind: "cancelled" } satisfies JobStop);
    if (renewal === "lost") controller.abort(INTERRUPTED_AND_RESUMED);
  };
  return setInterval(() => {
    renew().catch((error) => onError(error, claim.job));
  }, leaseMilliseconds / 3);
}

/**
 * Runs one claimed job: renews the claim every third of the lease while it runs, then
 * marks it done, or queues it again (or gives it up) when processing threw. A run its
 * worker interrupted to resume it later (see `JobStop`) is handed back to the queue at
 * once instead, its attempt not counted. Resolves with the wait before the job may run
 * again when it was queued again after a failure, so the worker can look for it then.
 */
export async function runClaim(
  options: PostgresWorkerOptions,
  claim: JobClaim,
  control: ClaimControl = { controller: new AbortController() },
): Promise<number | undefined> {
  const { onError } = workerSettings(options);
  const { signal } = control.controller;
  const renewal = renewing(options, claim, control);
  try {
    await options.process(claim.job, { signal });
    await completeJob(options.pool, claim, options);
    return undefined;
  } catch (error) {
    const stop = jobStopOf(signal);
    if (stop?.kind === "interrupted" && stop.resumed) {
      await releaseJobClaim(options.pool, claim, options).catch((failure) =>
        onError(failure, claim.job),
      );
      return undefined;
    }
    onError(error, claim.job);
    const retryDelayMilliseconds = retryDelayOf(claim, options);
    const outcome = await failJob(options.pool, claim, {
      ...options,
      error,
      retryDelayMilliseconds,
    }).catch((failure) => onError(failure, claim.job));
    return outcome === "requeued" ? retryDelayMilliseconds : undefined;
  } finally {
    clearInterval(renewal);
  }
}

/**
 * Runs jobs until none is runnable, one at a time; returns how many ran. For one-shot
 * workers (a cron run) and for tests.
 *
 * @example
 * ```ts
 * await drainJobs({ pool, process: service.processJob });
 * ```
 */
export async function drainJobs(options: PostgresWorkerOptions): Promise<number> {
  const { workerId, leaseMilliseconds, lanes } = workerSettings(options);
  const claimOptions = {
    schema: options.schema,
    workerId,
    leaseMilliseconds,
    limit: 1,
    maxAttempts: options.maxAttempts,
    // One job at a time, in queue order whatever its lane.
    maxRunningPerOrganization: lanes.standard.maxRunningPerOrganization,
  };
  let count = 0;
  for (;;) {
    const [claim] = await claimJobs(options.pool, claimOptions);
    if (claim === undefined) return count;
    await runClaim({ ...options, workerId }, claim);
    count += 1;
  }
}
