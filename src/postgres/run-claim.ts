/**
 * Running claimed jobs: one at a time until the outbox has none left (`drainJobs`), or
 * as the worker loop hands them out.
 *
 * @module
 */
import { claimJobs, completeJob, extendJobClaim, failJob, type JobClaim } from "./job-claims.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/**
 * Runs one claimed job: renews the claim every third of the lease while it runs, then
 * marks it done, or queues it again (or gives it up) when processing threw.
 */
export async function runClaim(options: PostgresWorkerOptions, claim: JobClaim): Promise<void> {
  const { leaseMilliseconds, onError } = workerSettings(options);
  const renewal = setInterval(() => {
    extendJobClaim(options.pool, claim, leaseMilliseconds, options).catch((error) =>
      onError(error, claim.job),
    );
  }, leaseMilliseconds / 3);
  try {
    await options.process(claim.job);
    await completeJob(options.pool, claim, options);
  } catch (error) {
    onError(error, claim.job);
    await failJob(options.pool, claim, error, options).catch((failure) =>
      onError(failure, claim.job),
    );
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
