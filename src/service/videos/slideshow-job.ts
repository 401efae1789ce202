/**
 * How a slideshow job moves its slideshow record and the video record it renders into.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { type JobRecordHandler, jobStartOf, WORK_STATUSES } from "../jobs/process-job.js";
import { completeWork, failWork, startWork } from "../jobs/work.js";
import type { SlideshowRecord, VideoRecord } from "../ports/records.js";

/**
 * Moves the slideshow `resourceId` and its video together: `generating` when a worker
 * takes the job, then `completed` with the URL or `error` with the failure. A finished or
 * missing slideshow makes the job a repeat.
 */
export const slideshowJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const now = isoNow(deps.clock);
    const slideshow = await deps.stores.slideshows.update(
      job.organizationId,
      job.resourceId,
      startWork<SlideshowRecord>(now),
    );
    const started = jobStartOf(slideshow?.status, WORK_STATUSES);
    if (slideshow === undefined || started !== "run") return started;
    await deps.stores.videos.update(
      job.organizationId,
      slideshow.videoId,
      startWork<VideoRecord>(now),
    );
    return "run";
  },
  async complete(deps, job, url) {
    const now = isoNow(deps.clock);
    const slideshow = await deps.stores.slideshows.update(
      job.organizationId,
      job.resourceId,
      completeWork<SlideshowRecord>(url, now),
    );
    if (slideshow === undefined) return;
    await deps.stores.videos.update(
      job.organizationId,
      slideshow.videoId,
      completeWork<VideoRecord>(url, now),
    );
  },
  async fail(deps, job, failure) {
    const now = isoNow(deps.clock);
    const slideshow = await deps.stores.slideshows.update(
      job.organizationId,
      job.resourceId,
      failWork<SlideshowRecord>(failure, now),
    );
    if (slideshow === undefined) return;
    await deps.stores.videos.update(
      job.organizationId,
      slideshow.videoId,
      failWork<VideoRecord>(failure, now),
    );
  },
};
