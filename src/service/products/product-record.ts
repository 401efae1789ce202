/**
 * Reading and writing a product's video record as its workflow runs. Every write is an
 * atomic change of the record that applies only while the work is still runnable, so a
 * run that lost its job (the video failed or completed meanwhile) changes nothing.
 *
 * @module
 */
import { isoNow } from "../../clock.js";
import type { EditorState } from "../../editor/state.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job } from "../../ports/jobs.js";
import type {
  FacelessProgress,
  ProductProgress,
  SlideshowProgress,
} from "../../ports/product-workflow.js";
import type { VideoRecord } from "../../ports/records.js";
import { isRunnable } from "../jobs/work.js";

/** One run of a product's job: the ports, the job, and the video it builds. */
export interface ProductRun {
  /** The service's ports. */
  readonly deps: ServiceDependencies;
  /** The job being run. */
  readonly job: Job;
  /** The video the workflow builds (the slideshow's video for a slideshow). */
  readonly videoId: number;
  /**
   * Aborts when the job's work is no longer wanted or its runner is stopping: the render
   * stops, and no further step starts (the steps done stay recorded for a resumed run).
   */
  readonly signal?: AbortSignal | undefined;
}

/** A product video with its workflow of kind `Progress`. */
export type ProductVideo<Progress extends ProductProgress> = VideoRecord & {
  readonly workflow: Progress;
};

/** A faceless video record with its workflow. */
export type FacelessVideo = ProductVideo<FacelessProgress>;

/** A slideshow's video record with its workflow. */
export type SlideshowVideo = ProductVideo<SlideshowProgress>;

/** The video of the run when it has a workflow of `kind`; undefined otherwise. */
export async function readProductVideo<Kind extends ProductProgress["kind"]>(
  run: ProductRun,
  kind: Kind,
): Promise<ProductVideo<Extract<ProductProgress, { kind: Kind }>> | undefined> {
  const video = await run.deps.stores.videos.get(run.job.organizationId, run.videoId);
  if (video?.workflow?.kind !== kind) return undefined;
  return video as ProductVideo<Extract<ProductProgress, { kind: Kind }>>;
}

/**
 * Records what a step produced: `change` gets the workflow as stored and returns it with
 * the step's output. Nothing is written once the work is finished.
 */
export async function saveProgress<Kind extends ProductProgress["kind"]>(
  run: ProductRun,
  kind: Kind,
  change: (
    progress: Extract<ProductProgress, { kind: Kind }>,
  ) => Extract<ProductProgress, { kind: Kind }>,
): Promise<void> {
  const updatedAt = isoNow(run.deps.clock);
  await run.deps.stores.videos.update(run.job.organizationId, run.videoId, (row) => {
    const progress = row.workflow;
    if (progress?.kind !== kind || !isRunnable(row.status)) return row;
    const next = change(progress as Extract<ProductProgress, { kind: Kind }>);
    return next === progress ? row : { ...row, workflow: next, updatedAt };
  });
}

/**
 * Makes the video an editor project: `state` becomes its revision 0, as a project created
 * by POST /editor/videos starts at its first state. A video that already has a project
 * keeps it.
 */
export async function attachProject(run: ProductRun, state: EditorState): Promise<void> {
  const updatedAt = isoNow(run.deps.clock);
  await run.deps.stores.videos.update(run.job.organizationId, run.videoId, (row) =>
    row.editor === null && isRunnable(row.status)
      ? { ...row, editor: state, version: 0, updatedAt }
      : row,
  );
}
