/**
 * How a kind of job moves its record: to `generating` when a worker takes it, then to
 * `completed` or `error`. Each kind's handler sits in its own module; {@link processJob}
 * runs them all the same way.
 *
 * @module
 */
import type { ServiceDependencies } from "../dependencies.js";
import type { Job } from "../ports/jobs.js";
import type { JobFailure } from "../ports/records.js";

/**
 * What taking a job found: `run` when the record is now in progress, `completed` or
 * `failed` when an earlier run already finished it (the job is a repeat, after a crash or
 * a lost claim), `missing` when there is no such record.
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
  /** Records the produced asset's URL and `completed`. */
  complete(deps: ServiceDependencies, job: Job, url: string): Promise<void>;
  /** Records the failure and `error`. */
  fail(deps: ServiceDependencies, job: Job, failure: JobFailure): Promise<void>;
}
