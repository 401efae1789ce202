/**
 * Running claimed jobs: one at a time until the outbox has none left (`drainJobs`), or
 * as the worker loop hands them out.
 *
 * @module
 */
import {
  claimJobs,
  completeJob,
  extendJobClaim,
  failJob,
  type JobClaim,
  retryDelayOf,
} from "./job-claims.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/**
 * Runs one claimed job: renews the claim every third of the lease while it runs, then
 * marks it done, or queues it again (or gives it up) when processing threw. Resolves
 * with the wait before the job may run again when it was queued again, so the worker
 * can look for it then.
 */
export async function runClaim(
  options: PostgresWorkerOptions,
  claim: JobClaim,
): Promise<number | undefined> {
  const { leaseMilliseconds, onError } = workerSettings(options);
  const renewal = setInterval(() => {
    extendJobClaim(options.pool, claim, { schema: options.schema, leaseMilliseconds }).catch(
      (error) => onError(error, claim.job),
    );
  }, leaseMilliseconds / 3);
  try {
    await options.process(claim.job);
    await completeJob(options.pool, claim, options);
    return undefined;
  } catch (error) {
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
  const { workerId, leaseMilliseconds, maxRunningPerOrganization } = workerSettings(options);
  const claimOptions = {
    schema: options.schema,
    workerId,
    leaseMilliseconds,
    limit: 1,
    maxAttempts: options.maxAttempts,
    maxRunningPerOrganization,
  };
  let count = 0;
  for (;;) {
    const [claim] = await claimJobs(options.pool, claimOptions);
    if (claim === undefined) return count;
    await runClaim({ ...options, workerId }, claim);
    count += 1;
  }
}
