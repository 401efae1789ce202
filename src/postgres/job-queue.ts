/**
 * The PostgreSQL {@link JobQueue}: a queued job is a row of the `job_outbox` table,
 * committed before `enqueue` resolves, so a job the service was told is queued survives
 * any crash and is taken by whichever worker claims it first.
 *
 * The same statement sends a notification on the schema's jobs channel. PostgreSQL
 * delivers it when the transaction commits (at once outside a unit of work, with the
 * paid request's unit otherwise) and drops it on rollback, so idle workers listening on
 * the channel wake exactly when there is a job they can see.
 *
 * @module
 */

import type { Pool } from "pg";
import type { Job, JobQueue } from "../service/ports/jobs.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { queryable } from "./transaction.js";

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
export function createPostgresJobQueue(pool: Pool, options: PostgresSchemaOptions = {}): JobQueue {
  const schema = postgresSchemaOf(options);
  const enqueueSql = `WITH queued AS (
      INSERT INTO ${schema.table("job_outbox")} (id, organization_id, kind, resource_id, hold_id, job)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id)
    SELECT pg_notify($7, '') FROM queued`;
  return {
    async enqueue(job: Job) {
      await queryable(pool).query(enqueueSql, [
        job.id,
        job.organizationId,
        job.kind,
        job.resourceId,
        job.holdId,
        JSON.stringify(job),
        schema.jobsChannel,
      ]);
    },
  };
}
