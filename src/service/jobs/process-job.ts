/**
 * The worker's step for one job: mark the record in progress, ask the provider, record
 * the outcome, and settle the credit hold: captured on success, released on failure. A
 * hold is resolved at most once, so a job run twice (a worker crash, a redelivery) never
 * charges or refunds twice. Each kind of job moves its record with its own handler (to
 * `generating` when a worker takes it, then to `completed` or `error`), kept with its
 * endpoint group; {@link processJob} runs them all the same way.
 *
 * The outcome and the settlement are one unit of work when the stores offer one, so a
 * reader never sees a final record whose hold is still open (a failed generation would
 * report `credits_returned: null` until the refund landed). The webhook deliveries that
 * report the outcome join the same unit (an outbox), so they exist exactly when it does.
 *
 * @module
 */

import type { ServiceDependencies } from "../../ports/dependencies.js";
import {
  HOST_STOPPED_CATEGORY,
  type Job,
  JobInterruptedError,
  type JobKind,
  type JobRunOptions,
  jobStopOf,
  type ProviderOutcome,
} from "../../ports/jobs.js";
import type { JobFailure } from "../../ports/records.js";
import { err } from "../../result.js";
import { queueJobEvent } from "../webhooks/job-events.js";
import type { JobRecordHandler, JobStart } from "./job-record-handler.js";
import { failureOfThrow } from "./provider-failure.js";

export { PROVIDER_ERROR_CATEGORY } from "./provider-failure.js";

async function runWork(
  deps: ServiceDependencies,
  handler: JobRecordHandler,
  { job, ...options }: JobRun,
): Promise<ProviderOutcome> {
  try {
    return await (handler.run === undefined
      ? deps.provider.run(job, options)
      : handler.run(deps, job, options));
  } catch (error) {
    return err(failureOfThrow(error, "The provider failed"));
  }
}

/** The failure recorded when the work stopped with its host and will not run again. */
export const HOST_STOPPED_FAILURE: JobFailure = Object.freeze({
  category: HOST_STOPPED_CATEGORY,
  message: "The host stopped before the work finished; its credits were returned. Send it again.",
  retryable: true,
});

/** One run of a job, and what whoever runs it tells it. */
export interface JobRun extends JobRunOptions {
  /** The job. */
  readonly job: Job;
}

// The outcome to record once the work ended. Work that failed while its runner was
// stopping failed because of the stop: when the job runs again, nothing is recorded or
// settled now (the throw tells the runner to give the job back); when it never will, the
// stop is the failure, refunded like any other.
function outcomeAfter(run: JobRun, outcome: ProviderOutcome): ProviderOutcome {
  const stop = jobStopOf(run.signal);
  if (outcome.ok || stop?.kind !== "interrupted") return outcome;
  if (stop.resumed) throw new JobInterruptedError(run.job);
  return err(HOST_STOPPED_FAILURE);
}

/**
 * Runs one job to its end with the handler of its kind. When `run.signal` aborts with an
 * `interrupted` {@link JobStop} that resumes the job, a run whose work did not complete
 * throws {@link JobInterruptedError} having recorded and settled nothing.
 */
export async function processJob(
  deps: ServiceDependencies,
  handlers: Readonly<Record<JobKind, JobRecordHandler>>,
  run: JobRun,
): Promise<void> {
  const { job } = run;
  const handler = handlers[job.kind];
  const started = await handler.start(deps, job);
  if (started !== "run") return settleRepeat(deps, job, started);
  const outcome = outcomeAfter(run, await runWork(deps, handler, run));
  const together = (work: () => Promise<void>) =>
    deps.unitOfWork === undefined ? work() : deps.unitOfWork.run(work);
  await together(async () => {
    const written = outcome.ok
      ? await handler.complete(deps, job, outcome.value)
      : await handler.fail(deps, job, outcome.error);
    if (written === "gone") {
      // The record took another job's work meanwhile (a replaced export): this outcome
      // is nobody's, so nothing is charged for it and nothing is announced.
      await deps.credits.release(job.organizationId, job.holdId);
      return;
    }
    if (outcome.ok) await deps.credits.capture(job.organizationId, job.holdId);
    else await deps.credits.release(job.organizationId, job.holdId);
    // In the same unit as the move it reports: a rolled-back move queues no event.
    await queueJobEvent(deps, job, outcome.ok);
  });
}

// A repeat: an earlier run finished the record but may have stopped before settling its
// hold, so it is settled by the record's final status; the hold moves only once, so this
// changes nothing when the earlier run did settle. A job whose record is gone (or belongs
// to newer work) will never be settled by anyone else, so its hold is refunded.
async function settleRepeat(
  deps: ServiceDependencies,
  job: Job,
  started: Exclude<JobStart, "run">,
): Promise<void> {
  if (started === "completed") await deps.credits.capture(job.organizationId, job.holdId);
  else await deps.credits.release(job.organizationId, job.holdId);
}
