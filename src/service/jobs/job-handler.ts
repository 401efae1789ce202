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

/** Moves the record of one kind of job. Every method is an atomic record update. */
export interface JobRecordHandler {
  /**
   * Marks the record as in progress. Returns false when the record is missing or already
   * finished, in which case the job is a repeat and nothing more happens.
   */
  start(deps: ServiceDependencies, job: Job): Promise<boolean>;
  /** Records the produced asset's URL and `completed`. */
  complete(deps: ServiceDependencies, job: Job, url: string): Promise<void>;
  /** Records the failure and `error`. */
  fail(deps: ServiceDependencies, job: Job, failure: JobFailure): Promise<void>;
}
