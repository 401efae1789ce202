/**
 * The claims a worker runs, by lane: one look at the outbox fills each lane's free slots
 * (see `JobLane`), within the lane's own concurrency and per-organization cap, and each
 * claim runs with a signal the worker can abort, by job id (a cancellation) or all at
 * once (an interrupt).
 *
 * @module
 */
import { JOB_LANES, type JobLane, type JobStop } from "../ports/jobs.js";
import { buryExpiredJobs, claimRunnableJobs, type JobClaim } from "./job-claims.js";
import { runClaim } from "./run-claim.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/** The claims of one worker. */
export interface WorkerClaims {
  /** The runs in progress, each resolving once its claim is settled. */
  readonly running: ReadonlySet<Promise<void>>;
  /**
   * Gives up expired last attempts, then claims what fits in each lane's free slots and
   * starts running it; resolves with how many jobs were claimed.
   */
  claimMore(): Promise<number>;
  /** Aborts the signal of the running job `jobId`, if this worker runs it. */
  abort(jobId: string, stop: JobStop): void;
  /** Aborts the signal of every running job. */
  abortAll(stop: JobStop): void;
}

/**
 * Told when a run has ended and freed its slot: `retryDelay` is set when its job was
 * queued again after a failure.
 */
export type RunEnded = (retryDelay: number | undefined) => void;

/** The claims of a worker with `options`; `ended` is told as each run ends. */
export function workerClaims(options: PostgresWorkerOptions, ended: RunEnded): WorkerClaims {
  const settings = workerSettings(options);
  const running = new Set<Promise<void>>();
  const controllers = new Map<string, AbortController>();
  const runningIn: Record<JobLane, number> = { standard: 0, render: 0 };
  const free = (lane: JobLane): number => settings.lanes[lane].concurrency - runningIn[lane];

  const start = (claim: JobClaim, lane: JobLane): void => {
    const controller = new AbortController();
    controllers.set(claim.job.id, controller);
    runningIn[lane] += 1;
    let retryDelay: number | undefined;
    const task: Promise<void> = runClaim({ ...options, ...settings }, claim, { controller })
      .then((delay) => {
        retryDelay = delay;
      })
      .finally(() => {
        controllers.delete(claim.job.id);
        runningIn[lane] -= 1;
        running.delete(task);
        // Told once its slot is free, so a look it triggers can fill the slot again.
        ended(retryDelay);
      });
    running.add(task);
  };
  const claimIn = async (lane: JobLane): Promise<number> => {
    const limit = free(lane);
    if (limit <= 0) return 0;
    const claims = await claimRunnableJobs(options.pool, {
      schema: options.schema,
      workerId: settings.workerId,
      leaseMilliseconds: settings.leaseMilliseconds,
      maxAttempts: options.maxAttempts,
      maxRunningPerOrganization: settings.lanes[lane].maxRunningPerOrganization,
      limit,
      lane,
    });
    for (const claim of claims) start(claim, lane);
    return claims.length;
  };

  return {
    running,
    async claimMore() {
      if (JOB_LANES.every((lane) => free(lane) <= 0)) return 0;
      await buryExpiredJobs(options.pool, options);
      let claimed = 0;
      for (const lane of JOB_LANES) claimed += await claimIn(lane);
      return claimed;
    },
    abort(jobId, stop) {
      controllers.get(jobId)?.abort(stop);
    },
    abortAll(stop) {
      for (const controller of controllers.values()) controller.abort(stop);
    },
  };
}
