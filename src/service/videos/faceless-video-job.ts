/**
 * How a faceless-video job moves its video record and does its work: the workflow of
 * `products/` builds the video from its script (scenes, visuals, voice, word timing,
 * project, render), resuming at the first step without a recorded output.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job } from "../../ports/jobs.js";
import type { VideoRecord } from "../../ports/records.js";
import type { RecordChange } from "../../ports/stores.js";
import { err } from "../../result.js";
import { type JobRecordHandler, jobStartOf, WORK_STATUSES } from "../jobs/job-record-handler.js";
import { completeWork, failWork, startWork } from "../jobs/work.js";
import { runFacelessVideo } from "../products/faceless-workflow.js";
import { renderedAsExport } from "../products/product-completion.js";
import { PRODUCT_MISSING_FAILURE } from "../products/step-runner.js";

/**
 * The video a job names by its decimal id (`resourceId`); undefined for anything else,
 * which cannot be a video of ours.
 */
export function videoIdOf(job: Job): number | undefined {
  const id = Number(job.resourceId);
  return /^[0-9]+$/.test(job.resourceId) && Number.isSafeInteger(id) ? id : undefined;
}

async function updateVideo(
  deps: ServiceDependencies,
  job: Job,
  change: RecordChange<VideoRecord>,
): Promise<VideoRecord | undefined> {
  const id = videoIdOf(job);
  return id === undefined ? undefined : deps.stores.videos.update(job.organizationId, id, change);
}

/** The credits the job's hold took; 0 when the hold is unknown. */
export async function heldCredits(deps: ServiceDependencies, job: Job): Promise<number> {
  return (await deps.credits.hold(job.organizationId, job.holdId))?.amount ?? 0;
}

/**
 * Moves the video `resourceId` (its id as a string): `generating` when a worker takes the
 * job, then `completed` with the URL (its rendered file also recorded as the project's
 * export) or `error` with the failure of the step that failed. A finished or missing
 * video makes the job a repeat.
 */
export const facelessVideoJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const video = await updateVideo(deps, job, startWork<VideoRecord>(isoNow(deps.clock)));
    return jobStartOf(video?.status, WORK_STATUSES);
  },
  async run(deps, job, { signal }) {
    const videoId = videoIdOf(job);
    if (videoId === undefined) return err(PRODUCT_MISSING_FAILURE);
    return runFacelessVideo({ deps, job, videoId, signal });
  },
  async complete(deps, job, url) {
    const now = isoNow(deps.clock);
    const credits = await heldCredits(deps, job);
    await updateVideo(deps, job, (row) =>
      renderedAsExport(credits, now)(completeWork<VideoRecord>(url, now)(row)),
    );
  },
  async fail(deps, job, failure) {
    await updateVideo(deps, job, failWork<VideoRecord>(failure, isoNow(deps.clock)));
  },
};
