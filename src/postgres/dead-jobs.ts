/**
 * Dead jobs: jobs given up after their attempts (processing threw every time, or every
 * worker that took one died). They stay in the outbox, with the error they died of and
 * their credits still held, until someone decides: {@link listDeadJobs} shows them and
 * {@link requeueDeadJobs} puts them back in the queue with fresh attempts.
 *
 * Re-queueing never charges twice. The service's `processJob` moves a job's record
 * first and settles its hold second, and a hold moves once: a job that died before
 * finishing its record runs again and settles its hold then; one whose record is
 * already final only settles the hold by that status (capture for completed, release for
 * failed), which changes nothing when its hold was settled before it died.
 *
 * @module
 */

import type { Pool } from "pg";
import type { OrganizationId } from "../organization-id.js";
import type { Job } from "../ports/jobs.js";
import { checkedBatchSize, inBatches } from "./batches.js";
import { toSafeInteger } from "./rows.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";

/** Dead jobs one {@link listDeadJobs} call returns when nothing else is said. */
export const DEAD_JOBS_LIST_LIMIT_DEFAULT = 100;

/** The most dead jobs one {@link listDeadJobs} call returns. */
export const DEAD_JOBS_LIST_LIMIT_MAX = 1000;

/** A job given up after its attempts. */
export interface DeadJob {
  /** The job, as it was queued. */
  readonly job: Job;
  /** Attempts it had. */
  readonly attempts: number;
  /** The error of its last attempt, or null when none was recorded. */
  readonly lastError: string | null;
  /** When it was given up, in milliseconds since the Unix epoch. */
  readonly diedAtEpochMilliseconds: number;
}

/** Settings of {@link listDeadJobs}. */
export interface ListDeadJobsOptions extends PostgresSchemaOptions {
  /** Only this organization's dead jobs; every organization's by default. */
  readonly organizationId?: OrganizationId;
  /** Most jobs returned; {@link DEAD_JOBS_LIST_LIMIT_DEFAULT} by default. */
  readonly limit?: number;
}

/** Which dead jobs {@link requeueDeadJobs} puts back. */
export type DeadJobSelection =
  | { readonly kind: "jobs"; readonly jobIds: readonly string[] }
  | { readonly kind: "organization"; readonly organizationId: OrganizationId }
  | { readonly kind: "all" };

/** Settings of {@link requeueDeadJobs}. */
export interface RequeueDeadJobsOptions extends PostgresSchemaOptions {
  /** Jobs one statement re-queues at most; 500 by default. */
  readonly batchSize?: number;
}

function checkedOrganization(organizationId: OrganizationId | undefined): number | null {
  if (organizationId === undefined) return null;
  if (!Number.isSafeInteger(organizationId)) {
    throw new RangeError(`organizationId must be a whole number, got ${organizationId}.`);
  }
  return organizationId;
}

function checkedLimit(limit = DEAD_JOBS_LIST_LIMIT_DEFAULT): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > DEAD_JOBS_LIST_LIMIT_MAX) {
    throw new RangeError(
      `limit must be a whole number from 1 to ${DEAD_JOBS_LIST_LIMIT_MAX}, got ${limit}.`,
    );
  }
  return limit;
}

function deadJobOf(row: Record<string, unknown>): DeadJob {
  const diedAt = row.finished_at instanceof Date ? row.finished_at.getTime() : Number.NaN;
  return {
    job: row.job as Job,
    attempts: toSafeInteger(row.attempts, "attempts"),
    lastError: typeof row.last_error === "string" ? row.last_error : null,
    diedAtEpochMilliseconds: toSafeInteger(diedAt, "finished_at"),
  };
}

/**
 * The oldest dead jobs (in the order they were queued), of one organization or of all;
 * re-queue or prune them to see the next ones.
 *
 * @example
 * ```ts
 * const dead = await listDeadJobs(pool, { schema: "reelkit", organizationId: 1 });
 * dead[0]?.lastError; // "provider timed out"
 * ```
 */
export async function listDeadJobs(
  pool: Pool,
  options: ListDeadJobsOptions = {},
): Promise<DeadJob[]> {
  const schema = postgresSchemaOf(options);
  const { rows } = await pool.query(
    `SELECT job, attempts, last_error, finished_at FROM ${schema.table("job_outbox")}
     WHERE state = 'dead' AND ($1::integer IS NULL OR organization_id = $1)
     ORDER BY position LIMIT $2`,
    [checkedOrganization(options.organizationId), checkedLimit(options.limit)],
  );
  return rows.map(deadJobOf);
}

// The ids, or the organization, or neither (all), as the statement's parameters.
function filterOf(selection: DeadJobSelection): [string[] | null, number | null] {
  switch (selection.kind) {
    case "jobs":
      return [[...selection.jobIds], null];
    case "organization":
      return [null, checkedOrganization(selection.organizationId)];
    case "all":
      return [null, null];
  }
}

/**
 * Puts the selected dead jobs back in the queue, runnable at once with fresh attempts,
 * and wakes the idle workers (the notification is sent when the statement commits).
 * Returns the ids re-queued, in queue order; an id that is not a dead job (unknown,
 * already re-queued, never dead) is left alone and absent from the answer. The error a
 * job died of stays on its row until its next attempt ends.
 *
 * @example
 * ```ts
 * await requeueDeadJobs(pool, { kind: "jobs", jobIds: ["job_1"] }, { schema: "reelkit" });
 * await requeueDeadJobs(pool, { kind: "organization", organizationId: 1 });
 * await requeueDeadJobs(pool, { kind: "all" }); // after the outage is over
 * ```
 */
export async function requeueDeadJobs(
  pool: Pool,
  selection: DeadJobSelection,
  options: RequeueDeadJobsOptions = {},
): Promise<string[]> {
  const schema = postgresSchemaOf(options);
  const batchSize = checkedBatchSize(options.batchSize);
  const [jobIds, organizationId] = filterOf(selection);
  const outbox = schema.table("job_outbox");
  const sql = `WITH picked AS (
      SELECT id FROM ${outbox}
      WHERE state = 'dead' AND ($1::text[] IS NULL OR id = ANY($1::text[]))
        AND ($2::integer IS NULL OR organization_id = $2)
      ORDER BY position LIMIT $3 FOR UPDATE SKIP LOCKED),
    requeued AS (
      UPDATE ${outbox} AS job SET state = 'queued', attempts = 0, available_at = now(),
        finished_at = NULL, claimed_by = NULL, claimed_until = NULL
      FROM picked WHERE job.id = picked.id RETURNING job.id, job.position)
    SELECT id, pg_notify($4, '') FROM requeued ORDER BY position`;
  const requeued: string[] = [];
  await inBatches(async () => {
    const { rows } = await pool.query(sql, [jobIds, organizationId, batchSize, schema.jobsChannel]);
    requeued.push(...rows.map((row) => String(row.id)));
    return rows.length;
  }, batchSize);
  return requeued;
}
