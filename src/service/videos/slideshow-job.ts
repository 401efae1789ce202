/**
 * How a slideshow job moves its slideshow record and the video record it renders into,
 * and does its work: the workflow of `products/` builds the slides into that video's
 * project and renders it, resuming at the first step without a recorded output.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { SlideshowRecord, VideoRecord } from "../../ports/records.js";
import { type JobRecordHandler, jobStartOf, WORK_STATUSES } from "../jobs/job-record-handler.js";
import { completeWork, failWork, startWork } from "../jobs/work.js";
import { renderedAsExport } from "../products/product-completion.js";
import { slideshowInputOf } from "../products/product-inputs.js";
import { runSlideshow } from "../products/slideshow-workflow.js";
import { heldCredits } from "./faceless-video-job.js";

/**
 * Moves the slideshow `resourceId` and its video together: `generating` when a worker
 * takes the job, then `completed` with the URL (its rendered file also recorded as the
 * video's export) or `error` with the failure of the step that failed. A finished or
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
  run: (deps, job, { signal }) =>
    runSlideshow({ deps, job, videoId: slideshowInputOf(job).videoId, signal }),
  async complete(deps, job, url) {
    const now = isoNow(deps.clock);
    const slideshow = await deps.stores.slideshows.update(
      job.organizationId,
      job.resourceId,
      completeWork<SlideshowRecord>(url, now),
    );
    if (slideshow === undefined) return;
    const credits = await heldCredits(deps, job);
    await deps.stores.videos.update(job.organizationId, slideshow.videoId, (row) =>
      renderedAsExport(credits, now)(completeWork<VideoRecord>(url, now)(row)),
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
