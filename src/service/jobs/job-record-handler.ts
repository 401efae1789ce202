/**
 * What each kind of job implements so the worker's step (`processJob` of
 * `process-job.ts`) can move its record: start, optionally do the work itself, then
 * complete or fail. Kept apart from the step, so a job kind implements it without
 * loading the step and the webhook events it queues.
 *
 * @module
 */
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job, JobRunOptions, ProviderOutcome } from "../../ports/jobs.js";
import type { JobFailure } from "../../ports/records.js";

/**
 * What taking a job found: `run` when the record is now in progress, `completed` or
 * `failed` when an earlier run already finished it (the job is a repeat, after a crash or
 * a lost claim), `missing` when there is no such record or it no longer waits for this
 * job (an export replaced by a newer one); the hold of a missing job is refunded.
 */
export type JobStart = "run" | "completed" | "failed" | "missing";

/**
 * The {@link JobStart} of a record's status after the move to in progress: `running` is
 * the status that means this run goes ahead, `completed` and `failed` the final ones.
 */
export function jobStartOf(
  status: string | undefined,
  names: { readonly running: string; readonly completed: string; readonly failed: string },
): JobStart {
  if (status === names.running) return "run";
  if (status === names.completed) return "completed";
  if (status === names.failed) return "failed";
  return "missing";
}

/** The statuses of generations, slideshows and videos, for {@link jobStartOf}. */
export const WORK_STATUSES = { running: "generating", completed: "completed", failed: "error" };

/** Moves the record of one kind of job. Every method is an atomic record update. */
export interface JobRecordHandler {
  /**
   * Marks the record as in progress and says whether this run goes ahead. Anything but
   * `run` makes the job a repeat: the provider is not called again.
   */
  start(deps: ServiceDependencies, job: Job): Promise<JobStart>;
  /**
   * Does the work itself instead of the provider (an export runs the renderer); throwing
   * counts as a retryable `provider_error` failure, as the provider's throw does. Work
   * that can stop early does so when `options.signal` aborts (a {@link JobStop} says why),
   * answering a failure.
   */
  run?(deps: ServiceDependencies, job: Job, options: JobRunOptions): Promise<ProviderOutcome>;
  /**
   * Records the produced asset's URL and `completed`. Answers `gone` when the record no
   * longer waits for this job, so the hold is refunded instead of captured.
   */
  complete(deps: ServiceDependencies, job: Job, url: string): Promise<JobRecordWritten>;
  /** Records the failure and `error`; `gone` as for {@link JobRecordHandler.complete}. */
  fail(deps: ServiceDependencies, job: Job, failure: JobFailure): Promise<JobRecordWritten>;
}

/**
 * What recording a job's outcome found: `written` (or undefined) when the record took it
 * or had already finished, `gone` when the record no longer waits for this job (it was
 * replaced by newer work while the job ran), so the outcome belongs to nobody.
 */
export type JobRecordWrite = "written" | "gone";

/**
 * What {@link JobRecordHandler.complete} and `fail` resolve to: a {@link JobRecordWrite},
 * or nothing, which counts as `written`.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that only writes resolves to nothing, as handlers always have.
export type JobRecordWritten = JobRecordWrite | void;
