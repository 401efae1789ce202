/**
 * An in-memory job queue. Jobs wait in order; a host starts it with a worker that runs
 * them as they arrive, and tests run what is pending exactly when they choose.
 *
 * @module
 */
import type { Job, JobQueue } from "../../service/ports/jobs.js";

/** Runs one job; rejections are reported to `onError`, never lost silently. */
export type JobWorker = (job: Job) => Promise<void>;

/** Settings of {@link createMemoryJobQueue}. */
export interface MemoryJobQueueOptions {
  /** Most jobs that may wait at once; `enqueue` throws beyond it. Unlimited by default. */
  readonly capacity?: number;
  /** Called when a worker rejects; by default the error is printed to stderr. */
  readonly onError?: (error: unknown, job: Job) => void;
}

/** A {@link JobQueue} in memory, with controls for hosts and tests. */
export interface MemoryJobQueue extends JobQueue {
  /** Jobs waiting for a worker, oldest first. */
  pending(): readonly Job[];
  /** Runs every waiting job, and those queued meanwhile, one at a time; returns how many ran. */
  runPending(worker: JobWorker): Promise<number>;
  /** Runs jobs with `worker` as they arrive, up to `concurrency` at once (default 4). */
  start(worker: JobWorker, options?: { readonly concurrency?: number }): void;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
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
 * ```
 */
export function createMemoryJobQueue(options: MemoryJobQueueOptions = {}): MemoryJobQueue {
  const waiting: Job[] = [];
  const running = new Set<Promise<void>>();
  const idleWaiters: Array<() => void> = [];
  let worker: JobWorker | undefined;
  let concurrency = 4;
  const onError =
    options.onError ??
    ((error: unknown, job: Job) => console.error(`reelkit: job ${job.id} failed:`, error));

  const settleIdle = (): void => {
    if (waiting.length > 0 || running.size > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };
  const runOne = (run: JobWorker, job: Job): Promise<void> =>
    run(job).catch((error: unknown) => onError(error, job));
  const pump = (): void => {
    while (worker !== undefined && running.size < concurrency && waiting.length > 0) {
      const job = waiting.shift() as Job;
      const task: Promise<void> = runOne(worker, job).finally(() => {
        running.delete(task);
        pump();
        settleIdle();
      });
      running.add(task);
    }
  };

  return {
    async enqueue(job) {
      if (options.capacity !== undefined && waiting.length >= options.capacity) {
        throw new Error(`The job queue is full (${options.capacity} jobs waiting).`);
      }
      waiting.push(job);
      pump();
    },
    pending: () => [...waiting],
    async runPending(run) {
      let count = 0;
      for (let job = waiting.shift(); job !== undefined; job = waiting.shift()) {
        await runOne(run, job);
        count += 1;
      }
      settleIdle();
      return count;
    },
    start(run, startOptions = {}) {
      worker = run;
      concurrency = startOptions.concurrency ?? 4;
      pump();
    },
    async stop() {
      worker = undefined;
      await Promise.all([...running]);
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
