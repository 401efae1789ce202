/**
 * A worker loop over the job outbox: it claims jobs while it has room, runs each with
 * the service's `processJob`, keeps its claims alive while they run, and settles them.
 * Any number of workers, in any number of processes, may run at once.
 *
 * An idle worker costs the database almost nothing: it waits on `LISTEN` for the
 * notification `enqueue` sends when a job commits, looks at the outbox on its own only
 * every `pollMilliseconds` (30 s by default) in case a notification was lost, and wakes
 * when one of its own jobs' retry becomes due. Every ten minutes it prunes finished jobs, delivered webhooks,
 * and the MCP sign-in's codes and tokens a day past their expiry.
 *
 * A running job is stopped (its signal aborted) when its work is cancelled, which the
 * same connection hears on the job cancels channel (a missed notice is caught at the
 * claim's next renewal), when its claim is lost, and when the worker is interrupted.
 *
 * @module
 */
import { listenForJobs } from "./job-listener.js";
import { pruneOAuthRecords } from "./oauth-store.js";
import { pruneJobOutbox } from "./outbox-pruning.js";
import { startPeriodicTask } from "./periodic-task.js";
import { postgresSchemaOf } from "./schema.js";
import { pruneWebhookDeliveries } from "./webhooks.js";
import { workerClaims } from "./worker-claims.js";
import { type PostgresWorkerOptions, workerSettings } from "./worker-options.js";

/** A running worker. */
export interface PostgresWorker {
  /** The name it claims jobs under. */
  readonly workerId: string;
  /** Stops claiming and resolves once the running jobs are settled. */
  stop(): Promise<void>;
  /**
   * Tells the running jobs to stop now, to be resumed: their signals abort with an
   * `interrupted` `JobStop` that resumes them, and each run that stops early hands its
   * job back to the outbox, runnable at once by any worker (this one, restarted, or
   * another host), its attempt not counted, its hold untouched. Call it during
   * {@link PostgresWorker.stop}, when running jobs should not be waited for any longer.
   */
  interrupt(): void;
}

/** A pause that ends early when woken; a wake while not paused ends the next pause at once. */
function wakeablePause() {
  let woken = false;
  let endPause: () => void = () => undefined;
  return {
    wake(): void {
      woken = true;
      endPause();
    },
    /** Forgets earlier wakes: a look at the outbox starting now sees what they announced. */
    clear(): void {
      woken = false;
    },
    pause(milliseconds: number): Promise<void> {
      return new Promise((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(done, milliseconds);
        function done(): void {
          clearTimeout(timer);
          endPause = () => undefined;
          resolve();
        }
        endPause = done;
      });
    },
  };
}

/**
 * Starts a worker loop. It claims up to `concurrency` jobs at a time, fairly between
 * organizations (see {@link claimJobs}), and looks again as soon as one finishes, when
 * a job is enqueued (`LISTEN`), when a retry of its own is due, or after
 * `pollMilliseconds` otherwise. With `listen` (the default) it holds one connection of
 * the pool for listening.
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
  const schema = postgresSchemaOf(options);
  const reportError = (error: unknown): void => settings.onError(error, undefined);
  const retryTimers = new Set<NodeJS.Timeout>();
  const waiter = wakeablePause();
  let stopped = false;

  const wakeAfter = (milliseconds: number): void => {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      waiter.wake();
    }, milliseconds);
    timer.unref();
    retryTimers.add(timer);
  };
  const claims = workerClaims(options, (retryDelay) => {
    if (retryDelay !== undefined && !stopped) wakeAfter(retryDelay);
    waiter.wake();
  });

  const listener = settings.listen
    ? listenForJobs({
        pool: options.pool,
        schema,
        onWake: waiter.wake,
        onCancel: (jobId) => claims.abort(jobId, { kind: "cancelled" }),
        onError: reportError,
      })
    : undefined;
  const pruner = startPeriodicTask(
    settings.pruneIntervalMilliseconds,
    // Delivered webhooks are history on the same terms as done jobs.
    () =>
      Promise.all([
        pruneJobOutbox(options.pool, { ...options.pruning, schema: schema.name }),
        pruneWebhookDeliveries(options.pool, {
          schema: schema.name,
          doneRetentionMilliseconds: options.pruning?.doneRetentionMilliseconds,
        }),
        pruneOAuthRecords(options.pool, { schema: schema.name }),
      ]),
    reportError,
  );

  const loop = async (): Promise<void> => {
    // Listening first: a job committed after the first look then wakes the worker.
    await listener?.ready;
    while (!stopped) {
      waiter.clear();
      const claimed = await claims.claimMore().catch((error: unknown) => {
        reportError(error);
        return 0;
      });
      if (claimed === 0 && !stopped) await waiter.pause(settings.pollMilliseconds);
    }
  };
  const looping = loop();

  return {
    workerId: settings.workerId,
    async stop() {
      stopped = true;
      waiter.wake();
      await looping;
      for (const timer of retryTimers) clearTimeout(timer);
      await Promise.all([listener?.stop(), pruner.stop(), ...claims.running]);
    },
    interrupt() {
      claims.abortAll({ kind: "interrupted", resumed: true });
    },
  };
}
