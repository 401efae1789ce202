/**
 * Running a workflow of persisted steps. Each step knows whether the record already holds
 * its output; the runner reads the record afresh before each step, skips the finished
 * ones and runs the first unfinished one, which records its output before the next runs.
 * A step's failure ends the run with it; the job then fails and its hold is released.
 *
 * @module
 */

import type { ProviderOutcome } from "../../ports/jobs.js";
import type { ProductProgress } from "../../ports/product-workflow.js";
import type { JobFailure } from "../../ports/records.js";
import { err, ok, type Result } from "../../result.js";
import { isRunnable } from "../jobs/work.js";
import type { ProductRun, ProductVideo } from "./product-record.js";

/** What a step did: recorded its output, or failed. */
export type StepOutcome = Result<void, JobFailure>;

/** The outcome of a step that recorded its output. */
export const STEP_DONE: StepOutcome = Object.freeze(ok(undefined));

/** The outcome of a step that failed with `failure`. */
export function stepFailed(failure: JobFailure): StepOutcome {
  return err(failure);
}

/** One step of a workflow over videos of `Progress`. */
export interface WorkflowStep<Progress extends ProductProgress, Name extends string> {
  /** The step's name, as GET /videos/{id} reports it. */
  readonly name: Name;
  /** True when the record holds the step's output. */
  done(video: ProductVideo<Progress>): boolean;
  /** Does the step and records its output, or says why it cannot. */
  run(run: ProductRun, video: ProductVideo<Progress>): Promise<StepOutcome>;
}

/** A workflow: its steps in order, and how to read its video. */
export interface ProductWorkflow<Progress extends ProductProgress, Name extends string> {
  /** The steps, in order. */
  readonly steps: readonly WorkflowStep<Progress, Name>[];
  /** The run's video; undefined when it is gone or not a product of this workflow. */
  read(run: ProductRun): Promise<ProductVideo<Progress> | undefined>;
  /** The URL of the finished file, once the last step recorded it. */
  resultOf(video: ProductVideo<Progress>): string | null;
}

/**
 * The step `video` is in: the first without an output (the one running, next to run, or
 * that failed), or `done` when every step has one.
 */
export function currentStep<Progress extends ProductProgress, Name extends string>(
  steps: readonly WorkflowStep<Progress, Name>[],
  video: ProductVideo<Progress>,
): Name | "done" {
  return steps.find((step) => !step.done(video))?.name ?? "done";
}

/** The failure of a run whose video vanished or stopped being a product of this kind. */
export const PRODUCT_MISSING_FAILURE: JobFailure = Object.freeze({
  category: "video_missing",
  message: "The video this work builds no longer exists.",
  retryable: false,
});

/**
 * The failure of a run whose video finished meanwhile (another run of the job completed
 * or failed it); nothing is recorded with it, since the video no longer moves.
 */
export const PRODUCT_FINISHED_FAILURE: JobFailure = Object.freeze({
  category: "work_finished",
  message: "This video's work already finished in another run.",
  retryable: false,
});

/**
 * The failure of a run stopped between steps because its work is no longer wanted; the
 * job runner decides what it means (a run given back to the queue records nothing).
 */
export const PRODUCT_STOPPED_FAILURE: JobFailure = Object.freeze({
  category: "work_stopped",
  message: "The work on this video was stopped before its next step.",
  retryable: true,
});

/**
 * Runs the unfinished steps of the run's video in order and answers the finished file's
 * URL, or the failure of the step that failed. A run whose video stops being runnable
 * (finished by another run of the same job) stops before its next step.
 */
export async function runWorkflow<Progress extends ProductProgress, Name extends string>(
  run: ProductRun,
  workflow: ProductWorkflow<Progress, Name>,
): Promise<ProviderOutcome> {
  for (const step of workflow.steps) {
    const video = await workflow.read(run);
    if (video === undefined) return err(PRODUCT_MISSING_FAILURE);
    if (!isRunnable(video.status)) return err(PRODUCT_FINISHED_FAILURE);
    if (step.done(video)) continue;
    if (run.signal?.aborted === true) return err(PRODUCT_STOPPED_FAILURE);
    const outcome = await step.run(run, video);
    if (!outcome.ok) return outcome;
  }
  const finished = await workflow.read(run);
  const url = finished === undefined ? null : workflow.resultOf(finished);
  return url === null ? err(PRODUCT_MISSING_FAILURE) : ok(url);
}
