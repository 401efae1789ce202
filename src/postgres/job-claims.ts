/**
 * Claiming and settling queued jobs. A claim marks a job as taken by one worker until
 * `claimed_until`; rows are picked with `FOR UPDATE SKIP LOCKED`, so workers never wait
 * for each other and never take the same job while a claim is live. A worker presumed
 * dead (its claim expired) loses the job to the next claimer, and every later write of
 * the old claim is refused, since a claim is identified by worker and attempt.
 *
 * @module
 */
import type { Pool } from "pg";
import type { Job } from "../service/ports/jobs.js";

/** A job a worker holds. */
export interface JobClaim {
  /** The job. */
  readonly job: Job;
  /** The worker holding it. */
  readonly workerId: string;
  /** Which attempt this is, from 1; it identifies the claim. */
  readonly attempt: number;
  /** True when an expired claim of another worker was taken over. */
  readonly takeover: boolean;
}

/** What {@link claimJobs} needs. */
export interface ClaimJobsOptions {
  /** Who claims: a name unique to the worker (host, process, random part). */
  readonly workerId: string;
  /** Most jobs to claim. */
  readonly limit: number;
  /** How long the claim holds before another worker may take the job over. */
  readonly leaseMilliseconds: number;
  /** Attempts after which a job whose claim expired is given up; 5 by default. */
  readonly maxAttempts?: number;
}

/** Attempts before a job is given up when nothing else is said. */
export const JOB_MAX_ATTEMPTS_DEFAULT = 5;

// A job whose worker died on every one of its attempts is given up rather than claimed
// again, so a job that crashes workers cannot take them all down in turn.
const BURY_SQL = `UPDATE job_outbox SET state = 'dead', finished_at = now(), claimed_by = NULL,
  claimed_until = NULL, last_error = 'claim expired on the last attempt'
  WHERE state = 'claimed' AND claimed_until <= now() AND attempts >= $1`;

const CLAIM_SQL = `WITH picked AS (
    SELECT id, state AS previous_state FROM job_outbox
    WHERE (state = 'queued' AND available_at <= now())
       OR (state = 'claimed' AND claimed_until <= now() AND attempts < $4)
    ORDER BY position
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  )
  UPDATE job_outbox AS outbox
  SET state = 'claimed', claimed_by = $1, attempts = outbox.attempts + 1,
      claimed_until = now() + make_interval(secs => $3::double precision / 1000)
  FROM picked WHERE outbox.id = picked.id
  RETURNING outbox.job, outbox.attempts, picked.previous_state, outbox.position`;

/**
 * Claims up to `limit` runnable jobs, oldest first: queued ones and those whose claim
 * expired. Returns them in queue order.
 *
 * @example
 * ```ts
 * const claims = await claimJobs(pool, { workerId: "worker-1", limit: 4, leaseMilliseconds: 60_000 });
 * ```
 */
export async function claimJobs(pool: Pool, options: ClaimJobsOptions): Promise<JobClaim[]> {
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
  await pool.query(BURY_SQL, [maxAttempts]);
  const { rows } = await pool.query(CLAIM_SQL, [
    options.workerId,
    options.limit,
    options.leaseMilliseconds,
    maxAttempts,
  ]);
  return rows
    .sort((left, right) => Number(left.position) - Number(right.position))
    .map((row) => ({
      job: row.job as Job,
      workerId: options.workerId,
      attempt: Number(row.attempts),
      takeover: row.previous_state === "claimed",
    }));
}

const HELD = "id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'claimed'";

const heldBy = (claim: JobClaim): unknown[] => [claim.job.id, claim.workerId, claim.attempt];

/** Extends a live claim by `leaseMilliseconds` from now; false when the claim was lost. */
export async function extendJobClaim(
  pool: Pool,
  claim: JobClaim,
  leaseMilliseconds: number,
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE job_outbox SET claimed_until = now() + make_interval(secs => $4::double precision / 1000) WHERE ${HELD}`,
    [...heldBy(claim), leaseMilliseconds],
  );
  return result.rowCount === 1;
}

/** Marks a claimed job as processed; false when the claim was lost to another worker. */
export async function completeJob(pool: Pool, claim: JobClaim): Promise<boolean> {
  const result = await pool.query(
    `UPDATE job_outbox SET state = 'done', finished_at = now(), claimed_until = NULL WHERE ${HELD}`,
    heldBy(claim),
  );
  return result.rowCount === 1;
}

/** What {@link failJob} did. */
export type FailJobOutcome = "requeued" | "dead" | "lease_lost";

/** Settings of {@link failJob}. */
export interface FailJobOptions {
  /** Attempts after which the job is given up; {@link JOB_MAX_ATTEMPTS_DEFAULT} by default. */
  readonly maxAttempts?: number;
  /** How long a requeued job waits before it may be claimed again; 5 seconds by default. */
  readonly retryDelayMilliseconds?: number;
}

/**
 * Records that processing a claimed job threw: the job is queued again after a delay,
 * or given up (`dead`) once it has used its attempts.
 */
export async function failJob(
  pool: Pool,
  claim: JobClaim,
  error: unknown,
  options: FailJobOptions = {},
): Promise<FailJobOutcome> {
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
  const dead = claim.attempt >= maxAttempts;
  const message = error instanceof Error ? error.message : String(error);
  const result = await pool.query(
    `UPDATE job_outbox SET state = $4, last_error = $5, claimed_by = NULL, claimed_until = NULL,
       finished_at = CASE WHEN $4 = 'dead' THEN now() END,
       available_at = now() + make_interval(secs => $6::double precision / 1000)
     WHERE ${HELD}`,
    [...heldBy(claim), dead ? "dead" : "queued", message, options.retryDelayMilliseconds ?? 5000],
  );
  if (result.rowCount !== 1) return "lease_lost";
  return dead ? "dead" : "requeued";
}
