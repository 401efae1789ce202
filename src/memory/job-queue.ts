/**
 * An in-memory job queue. Jobs wait in one line per organization, and a free slot goes
 * to the organization with the fewest running jobs (organizations with backlogs take
 * turns), so one organization's backlog never holds back another's job for more than
 * about one job's duration. Each lane (see `JobLane`) has its own slots and cap, so
 * renders, which can take an hour, never hold the slots of short work. A host starts it
 * with a worker that runs jobs as they arrive; tests run what is pending exactly when
 * they choose.
 *
 * @module
 */
import {
  JOB_LANES,
  type Job,
  type JobCancellation,
  type JobLaneSettings,
  type JobQueue,
  type JobRunOptions,
  type JobStop,
  jobLaneLimitsOf,
} from "../ports/jobs.js";
import { createJobLanes } from "./job-lanes.js";

/**
 * Runs one job (the service's `processJob`); rejections are reported to `onError`, never
 * lost silently. Its signal aborts when the job is cancelled or the queue interrupted.
 */
export type JobWorker = (job: Job, options: JobRunOptions) => Promise<void>;

/** Settings of {@link createMemoryJobQueue}. */
export interface MemoryJobQueueOptions {
  /** Most jobs that may wait at once; `enqueue` throws beyond it. Unlimited by default. */
  readonly capacity?: number;
  /** Called when a worker rejects; by default the error is printed to stderr. */
  readonly onError?: (error: unknown, job: Job) => void;
}

/**
 * Settings of {@link MemoryJobQueue.start}: the limits of each lane (see `JobLane`).
 * `concurrency` and `maxRunningPerOrganization` are the standard lane's:
 * `JOB_CONCURRENCY_DEFAULT` and `JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT` of `reelkit` by
 * default; a job of an organization at its cap waits even while slots are free.
 * `renderLane` holds exports and other renders, with slots and a cap of their own.
 */
export type MemoryJobQueueStartOptions = JobLaneSettings;

/** A {@link JobQueue} in memory, with controls for hosts and tests. */
export interface MemoryJobQueue extends JobQueue {
  /**
   * Aborts the signal of the running jobs the hold pays for, with a `cancelled`
   * {@link JobStop}; waiting ones run as usual and find their record taken.
   */
  cancel(cancellation: JobCancellation): Promise<void>;
  /** Jobs waiting for a worker, oldest first. */
  pending(): readonly Job[];
  /**
   * Runs every waiting job, and those queued meanwhile, one at a time, organizations
   * taking turns; returns how many ran.
   */
  runPending(worker: JobWorker): Promise<number>;
  /** Runs jobs with `worker` as they arrive, up to the concurrency, fairly between organizations. */
  start(worker: JobWorker, options?: MemoryJobQueueStartOptions): void;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /**
   * Tells the running jobs to stop now: their signals abort with an `interrupted`
   * {@link JobStop} that does not resume them, since this queue keeps nothing once its
   * process ends, so each fails with `host_stopped` and its hold is refunded. Jobs still
   * waiting stay queued (a later `start` or `runPending` runs them). Call it after
   * {@link MemoryJobQueue.stop}, when running jobs should not be waited for any longer.
   */
  interrupt(): void;
  /** Resolves once nothing waits and nothing runs. */
  idle(): Promise<void>;
}

/**
 * Creates an empty queue.
 *
 * @example
 * ```ts
 * const queue = createMemoryJobQueue();
 * await queue.enqueue(job);
 * await queue.runPending(service.processJob);
 * // or, in a host: queue.start(service.processJob, { concurrency: 4, maxRunningPerOrganization: 2 });
 * ```
 */
export function createMemoryJobQueue(options: MemoryJobQueueOptions = {}): MemoryJobQueue {
  const lines = createJobLanes();
  const running = new Set<Promise<void>>();
  // The signal of each running job, to cancel or interrupt it.
  const controllers = new Map<Job, AbortController>();
  const idleWaiters: Array<() => void> = [];
  let worker: JobWorker | undefined;
  let limits = jobLaneLimitsOf({});
  const onError =
    options.onError ??
    ((error: unknown, job: Job) => console.error(`reelkit: job ${job.id} failed:`, error));

  const settleIdle = (): void => {
    if (lines.waitingCount > 0 || lines.runningCount > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };
  const runOne = (run: JobWorker, job: Job): Promise<void> => {
    const controller = new AbortController();
    controllers.set(job, controller);
    return run(job, { signal: controller.signal })
      .catch((error: unknown) => onError(error, job))
      .finally(() => {
        controllers.delete(job);
        lines.finish(job);
      });
  };
  const abortRunning = (stop: JobStop, matches: (job: Job) => boolean): void => {
    for (const [job, controller] of controllers) if (matches(job)) controller.abort(stop);
  };
  // Fills the free slots of every lane.
  const pump = (): void => {
    const run = worker;
    if (run === undefined) return;
    for (const lane of JOB_LANES) {
      const next = () => lines.startIn(lane, limits[lane]);
      for (let job = next(); job !== undefined; job = next()) {
        const task: Promise<void> = runOne(run, job).finally(() => {
          running.delete(task);
          pump();
          settleIdle();
        });
        running.add(task);
      }
    }
  };

  return {
    async enqueue(job) {
      if (options.capacity !== undefined && lines.waitingCount >= options.capacity) {
        throw new Error(`The job queue is full (${options.capacity} jobs waiting).`);
      }
      lines.add(job);
      pump();
    },
    pending: () => lines.jobs(),
    async runPending(run) {
      let count = 0;
      // One at a time, so no cap applies: organizations simply take turns.
      for (let job = lines.startAlone(); job !== undefined; job = lines.startAlone()) {
        await runOne(run, job);
        count += 1;
      }
      settleIdle();
      return count;
    },
    start(run, startOptions = {}) {
      limits = jobLaneLimitsOf(startOptions);
      worker = run;
      pump();
    },
    async cancel({ organizationId, holdId }) {
      abortRunning(
        { kind: "cancelled" },
        (job) => job.organizationId === organizationId && job.holdId === holdId,
      );
    },
    async stop() {
      worker = undefined;
      await Promise.all([...running]);
    },
    interrupt() {
      abortRunning({ kind: "interrupted", resumed: false }, () => true);
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
