/**
 * The settings of a job worker and their defaults.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Pool } from "pg";
import { type Job, type JobLaneLimits, type JobProcessor, jobLaneLimitsOf } from "../ports/jobs.js";
import type { FailJobOptions } from "./job-claims.js";
import type { OutboxPruningOptions } from "./outbox-pruning.js";

/**
 * How often an idle worker looks at the outbox without being woken: 30 seconds. Idle
 * workers wait on `LISTEN`, so this only bounds how late a job is when a notification
 * was lost (or a delayed retry of another worker became due, or a claim expired).
 */
export const JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS = 30_000;

/** How often a worker prunes the outbox: every 10 minutes. */
export const JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS = 10 * 60 * 1000;

/**
 * Settings of {@link runPostgresWorker} and {@link drainJobs}; `schema` is the one
 * `migrate` built, and failed jobs back off as {@link FailJobOptions} says.
 */
export interface PostgresWorkerOptions extends FailJobOptions {
  /** The database holding the outbox. */
  readonly pool: Pool;
  /**
   * Runs one job to its end; the service's `processJob`. It settles the job's hold once
   * however often it runs, so a job taken over after a crash is never charged twice. Its
   * signal aborts (with a `JobStop`) when the job is cancelled, its claim is lost, or the
   * worker is interrupted.
   */
  readonly process: JobProcessor;
  /** The worker's name in claims; host, process id and a random part by default. */
  readonly workerId?: string;
  /**
   * Standard jobs (every lane but renders) this worker runs at once;
   * `JOB_CONCURRENCY_DEFAULT` by default.
   */
  readonly concurrency?: number;
  /**
   * Standard jobs one organization may run at once over every worker of the database
   * (live claims); `JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT` by default. Workers
   * sharing an outbox should agree on it.
   */
  readonly maxRunningPerOrganization?: number;
  /**
   * The render lane's own limits (exports): `JOB_RENDER_CONCURRENCY_DEFAULT` jobs at once
   * on this worker and `JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT` per organization
   * over every worker by default, beside the standard lane's slots.
   */
  readonly renderLane?: Partial<JobLaneLimits>;
  /** How long a claim lasts without renewal; 60 seconds by default. */
  readonly leaseMilliseconds?: number;
  /**
   * Whether an idle worker waits on `LISTEN` for new jobs, holding one connection of the
   * pool for it; true by default. Turn it off behind a pooler that cannot listen (such
   * as PgBouncer in transaction mode): the worker then only polls, so give it a shorter
   * `pollMilliseconds`.
   */
  readonly listen?: boolean;
  /**
   * Pause between looks at the outbox when nothing woke the worker;
   * {@link JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS} by default.
   */
  readonly pollMilliseconds?: number;
  /**
   * How often the worker prunes finished jobs (see `pruneJobOutbox`);
   * {@link JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS} by default, never when 0.
   */
  readonly pruneIntervalMilliseconds?: number;
  /** What pruning keeps: done jobs a week and dead jobs until re-queued, by default. */
  readonly pruning?: Omit<OutboxPruningOptions, "schema">;
  /** Told about errors of the loop and of jobs; by default they are printed to stderr. */
  readonly onError?: (error: unknown, job: Job | undefined) => void;
}

const DEFAULT_LEASE_MILLISECONDS = 60_000;

/** The options with every default filled in. */
export function workerSettings(options: PostgresWorkerOptions) {
  return {
    workerId: options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    lanes: jobLaneLimitsOf(options),
    leaseMilliseconds: options.leaseMilliseconds ?? DEFAULT_LEASE_MILLISECONDS,
    listen: options.listen ?? true,
    pollMilliseconds: options.pollMilliseconds ?? JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS,
    pruneIntervalMilliseconds:
      options.pruneIntervalMilliseconds ?? JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS,
    onError:
      options.onError ??
      ((error: unknown, job: Job | undefined) =>
        console.error(
          `reelkit: ${job === undefined ? "job worker" : `job ${job.id}`} failed:`,
          error,
        )),
  };
}
