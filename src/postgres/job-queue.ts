/**
 * The PostgreSQL {@link JobQueue}: a queued job is a row of the `job_outbox` table,
 * committed before `enqueue` resolves, so a job the service was told is queued survives
 * any crash and is taken by whichever worker claims it first.
 *
 * @module
 */

import type { Pool } from "pg";
import type { Job, JobQueue } from "../service/ports/jobs.js";
import { queryable } from "./transaction.js";

/**
 * Creates a job queue over the pool's database (run {@link migrate} first). Workers take
 * the jobs with {@link claimJobs} or {@link runPostgresWorker}.
 *
 * @example
 * ```ts
 * const queue = createPostgresJobQueue(pool);
 * const service = createService({ ...deps, queue });
 * const worker = runPostgresWorker({ pool, process: service.processJob });
 * ```
 */
export function createPostgresJobQueue(pool: Pool): JobQueue {
  return {
    async enqueue(job: Job) {
      await queryable(pool).query(
        `INSERT INTO job_outbox (id, organization_id, kind, resource_id, hold_id, job)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
        [job.id, job.organizationId, job.kind, job.resourceId, job.holdId, JSON.stringify(job)],
      );
    },
  };
}
