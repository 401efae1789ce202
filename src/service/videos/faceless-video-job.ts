/**
 * How a faceless-video job moves its video record.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { ServiceDependencies } from "../dependencies.js";
import { type JobRecordHandler, jobStartOf, WORK_STATUSES } from "../jobs/process-job.js";
import { completeWork, failWork, startWork } from "../jobs/work.js";
import type { Job } from "../ports/jobs.js";
import type { VideoRecord } from "../ports/records.js";
import type { RecordChange } from "../ports/stores.js";

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

/**
 * Moves the video `resourceId` (its id as a string): `generating` when a worker takes the
 * job, then `completed` with the URL or `error` with the failure. A finished or missing
 * video makes the job a repeat.
 */
export const facelessVideoJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const video = await updateVideo(deps, job, startWork<VideoRecord>(isoNow(deps.clock)));
    return jobStartOf(video?.status, WORK_STATUSES);
  },
  async complete(deps, job, url) {
    await updateVideo(deps, job, completeWork<VideoRecord>(url, isoNow(deps.clock)));
  },
  async fail(deps, job, failure) {
    await updateVideo(deps, job, failWork<VideoRecord>(failure, isoNow(deps.clock)));
  },
};
