/**
 * A worker loop over the job outbox: it claims jobs while it has room, runs each with
 * the service's `processJob`, keeps its claims alive while they run, and settles them.
 * Any number of workers, in any number of processes, may run at once.
 *
 * @module
 */
import { claimJobs } from "./job-claims.js";
import { runClaim } from "./run-claim.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/** A running worker. */
export interface PostgresWorker {
  /** The name it claims jobs under. */
  readonly workerId: string;
  /** Stops claiming and resolves once the running jobs are settled. */
  stop(): Promise<void>;
}

/**
 * Starts a worker loop. It claims up to `concurrency` jobs at a time, fairly between
 * organizations (see {@link claimJobs}), and looks again as soon as one finishes, when
 * a retry of its own is due, or after `pollMilliseconds` when none could be claimed.
 *
 * @example
 * ```ts
 * const worker = runPostgresWorker({
 *   pool,
 *   schema: "reelkit",
 *   process: service.processJob,
 *   concurrency: 8,
 *   maxRunningPerOrganization: 4,
 * });
 * process.on("SIGTERM", () => void worker.stop());
 * ```
 */
export function runPostgresWorker(options: PostgresWorkerOptions): PostgresWorker {
  const settings = workerSettings(options);
  const running = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let wake: () => void = () => undefined;
  const pause = (milliseconds: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, milliseconds);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const wakeAfter = (milliseconds: number): void => {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      wake();
    }, milliseconds);
    timer.unref();
    retryTimers.add(timer);
  };

  const claimMore = async (): Promise<number> => {
    const limit = settings.concurrency - running.size;
    if (limit <= 0) return 0;
    const claims = await claimJobs(options.pool, {
      schema: options.schema,
      workerId: settings.workerId,
      leaseMilliseconds: settings.leaseMilliseconds,
      maxAttempts: options.maxAttempts,
      maxRunningPerOrganization: settings.maxRunningPerOrganization,
      limit,
    });
    for (const claim of claims) {
      const task: Promise<void> = runClaim({ ...options, ...settings }, claim)
        .then((retryDelay) => {
          if (retryDelay !== undefined && !stopped) wakeAfter(retryDelay);
        })
        .finally(() => {
          running.delete(task);
          wake();
        });
      running.add(task);
    }
    return claims.length;
  };

  const loop = async (): Promise<void> => {
    while (!stopped) {
      const claimed = await claimMore().catch((error: unknown) => {
        settings.onError(error, undefined);
        return 0;
      });
      if (claimed === 0 && !stopped) await pause(settings.pollMilliseconds);
    }
  };
  const looping = loop();

  return {
    workerId: settings.workerId,
    async stop() {
      stopped = true;
      wake();
      await looping;
      for (const timer of retryTimers) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}
