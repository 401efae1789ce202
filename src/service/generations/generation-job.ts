/**
 * How a generation job moves its generation record.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { GenerationRecord } from "../../ports/records.js";
import { type JobRecordHandler, jobStartOf, WORK_STATUSES } from "../jobs/job-record-handler.js";
import { completeWork, failWork, startWork } from "../jobs/work.js";

/**
 * Moves the generation `resourceId`: it is `generating` from creation, so `start` only
 * confirms it still is; a finished or missing generation makes the job a repeat.
 */
export const generationJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const record = await deps.stores.generations.update(
      job.organizationId,
      job.resourceId,
      startWork<GenerationRecord>(isoNow(deps.clock)),
    );
    return jobStartOf(record?.status, WORK_STATUSES);
  },
  async complete(deps, job, url) {
    await deps.stores.generations.update(
      job.organizationId,
      job.resourceId,
      completeWork<GenerationRecord>(url, isoNow(deps.clock)),
    );
  },
  async fail(deps, job, failure) {
    await deps.stores.generations.update(
      job.organizationId,
      job.resourceId,
      failWork<GenerationRecord>(failure, isoNow(deps.clock)),
    );
  },
};
