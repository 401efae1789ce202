/**
 * The PostgreSQL {@link JobQueue}: a queued job is a row of the `job_outbox` table,
 * committed before `enqueue` resolves, so a job the service was told is queued survives
 * any crash and is taken by whichever worker claims it first.
 *
 * The same statement sends a notification on the schema's jobs channel. PostgreSQL
 * delivers it when the transaction commits (at once outside a unit of work, with the
 * paid request's unit otherwise) and drops it on rollback, so idle workers listening on
 * the channel wake exactly when there is a job they can see. `cancel` names the jobs of
 * work no longer wanted on the job cancels channel, the same way, so the worker running
 * one stops it.
 *
 * @module
 */

import type { Pool } from "pg";
import { JOB_LANE_OF_KIND, type Job, type JobCancellation, type JobQueue } from "../ports/jobs.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { queryable } from "./transaction.js";

/** The PostgreSQL {@link JobQueue}, which can always cancel. */
export interface PostgresJobQueue extends JobQueue {
  /**
   * Marks the queued and claimed jobs of the hold as cancelled and names each on the job
   * cancels channel when the statement commits: the worker running one aborts its
   * signal at once, or at its next claim renewal when it missed the notice.
   */
  cancel(cancellation: JobCancellation): Promise<void>;
}

/**
 * Creates a job queue over the pool's database (run {@link migrate} first, with the same
 * `schema` option). Workers take the jobs with {@link claimJobs} or
 * {@link runPostgresWorker}.
 *
 * @example
 * ```ts
 * const queue = createPostgresJobQueue(pool, { schema: "reelkit" });
 * const service = createService({ ...deps, queue });
 * const worker = runPostgresWorker({ pool, schema: "reelkit", process: service.processJob });
 * ```
 */
export function createPostgresJobQueue(
  pool: Pool,
  options: PostgresSchemaOptions = {},
): PostgresJobQueue {
  const schema = postgresSchemaOf(options);
  const enqueueSql = `WITH queued AS (
      INSERT INTO ${schema.table("job_outbox")} (id, organization_id, kind, resource_id, hold_id, job, lane)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb, $8) RETURNING id)
    SELECT pg_notify($7, '') FROM queued`;
  // The jobs of the hold still waiting or running are marked, and each running one's
  // worker is told by name when the statement commits.
  const cancelSql = `WITH cancelled AS (
      UPDATE ${schema.table("job_outbox")} SET cancelled_at = coalesce(cancelled_at, now())
      WHERE organization_id = $1 AND hold_id = $2 AND state IN ('queued', 'claimed')
      RETURNING id)
    SELECT pg_notify($3, id) FROM cancelled`;
  return {
    async cancel({ organizationId, holdId }) {
      await queryable(pool).query(cancelSql, [organizationId, holdId, schema.jobCancelsChannel]);
    },
    async enqueue(job: Job) {
      await queryable(pool).query(enqueueSql, [
        job.id,
        job.organizationId,
        job.kind,
        job.resourceId,
        job.holdId,
        JSON.stringify(job),
        schema.jobsChannel,
        JOB_LANE_OF_KIND[job.kind],
      ]);
    },
  };
}
