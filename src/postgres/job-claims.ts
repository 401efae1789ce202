/**
 * Claiming and settling queued jobs. A claim marks a job as taken by one worker until
 * `claimed_until`; rows are picked with `FOR UPDATE SKIP LOCKED`, so workers never take
 * the same job while a claim is live. A worker presumed dead (its claim expired) loses
 * the job to the next claimer, and every later write of the old claim is refused, since
 * a claim is identified by worker and attempt.
 *
 * Claims are fair between organizations: a free slot goes to the organization with the
 * fewest running jobs (ties to the one served longest ago), and no organization runs
 * more than `maxRunningPerOrganization` jobs at once across every worker.
 *
 * @module
 */
import type { Pool } from "pg";
import {
  checkedJobLimit,
  JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
  type Job,
  type JobLane,
} from "../ports/jobs.js";
import {
  JOB_RETRY_BACKOFF_DEFAULT,
  jobRetryDelayMilliseconds,
  type RetryBackoff,
} from "../ports/retry-backoff.js";
import { fairClaimSql } from "./fair-claim-sql.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction } from "./transaction.js";

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
export interface ClaimJobsOptions extends PostgresSchemaOptions {
  /** Who claims: a name unique to the worker (host, process, random part). */
  readonly workerId: string;
  /** Most jobs to claim. */
  readonly limit: number;
  /** How long the claim holds before another worker may take the job over. */
  readonly leaseMilliseconds: number;
  /** Attempts after which a job whose claim expired is given up; 5 by default. */
  readonly maxAttempts?: number;
  /**
   * Live claims one organization may hold at once, counted over every worker of the
   * database (in `lane` when one is given); {@link JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT}
   * by default. Workers sharing an outbox should agree on it.
   */
  readonly maxRunningPerOrganization?: number;
  /**
   * Claims jobs of this lane only, counting the organization's live claims in it against
   * the cap; every lane's jobs, in queue order, when undefined.
   */
  readonly lane?: JobLane;
}

/** Attempts before a job is given up when nothing else is said. */
export const JOB_MAX_ATTEMPTS_DEFAULT = 5;

/**
 * How long a claim waits for another worker's claim of the same organization to commit
 * before it gives up (and the worker tries again at its next look). A claim takes
 * milliseconds; only a stuck connection would make it wait this long.
 */
export const JOB_CLAIM_LOCK_TIMEOUT_MILLISECONDS = 5000;

// A job whose worker died on every one of its attempts is given up rather than claimed
// again, so a job that crashes workers cannot take them all down in turn.
const burySql = (
  schema: PostgresSchema,
): string => `UPDATE ${schema.table("job_outbox")} SET state = 'dead', finished_at = now(), claimed_by = NULL,
  claimed_until = NULL, last_error = 'claim expired on the last attempt'
  WHERE state = 'claimed' AND claimed_until <= now() AND attempts >= $1`;

interface ClaimedRow {
  readonly job: Job;
  readonly attempts: number | string;
  readonly previous_state: string;
  readonly position: number | string;
}

function claimOf(workerId: string, row: ClaimedRow): JobClaim {
  return {
    job: row.job,
    workerId,
    attempt: Number(row.attempts),
    takeover: row.previous_state === "claimed",
  };
}

/**
 * Claims up to `limit` runnable jobs (queued ones and those whose claim expired), fairly
 * between organizations and oldest first within one, and returns them in queue order.
 * A job whose claim expired on its last attempt is given up first (`dead`).
 *
 * @example
 * ```ts
 * const claims = await claimJobs(pool, { workerId: "worker-1", limit: 4, leaseMilliseconds: 60_000 });
 * const renders = await claimJobs(pool, { workerId: "worker-1", limit: 2, leaseMilliseconds: 60_000, lane: "render" });
 * ```
 */
export async function claimJobs(pool: Pool, options: ClaimJobsOptions): Promise<JobClaim[]> {
  await buryExpiredJobs(pool, options);
  return claimRunnableJobs(pool, options);
}

/** Gives up the jobs whose claim expired on their last attempt (see {@link claimJobs}). */
export async function buryExpiredJobs(
  pool: Pool,
  options: Pick<ClaimJobsOptions, "schema" | "maxAttempts">,
): Promise<void> {
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
  await pool.query(burySql(postgresSchemaOf(options)), [maxAttempts]);
}

/** {@link claimJobs} without giving up expired last attempts first. */
export async function claimRunnableJobs(
  pool: Pool,
  options: ClaimJobsOptions,
): Promise<JobClaim[]> {
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
  const cap = checkedJobLimit(
    "maxRunningPerOrganization",
    options.maxRunningPerOrganization ?? JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
  );
  const schema = postgresSchemaOf(options);
  const { lane } = options;
  const sql = fairClaimSql(schema, lane !== undefined);
  const inLane = lane === undefined ? [] : [lane];
  const chosen = await pool.query<{ organization_id: number }>(sql.chooseOrganizations, [
    cap,
    options.limit,
    maxAttempts,
    ...inLane,
  ]);
  if (chosen.rows.length === 0) return [];
  const organizations = chosen.rows.map((row) => row.organization_id).sort((a, b) => a - b);
  const rows = await inTransaction(pool, async (client) => {
    await client.query(`SET LOCAL lock_timeout = ${JOB_CLAIM_LOCK_TIMEOUT_MILLISECONDS}`);
    await client.query(sql.lockOrganizations, [organizations, schema.name]);
    const claimed = await client.query<ClaimedRow>(sql.claim, [
      organizations,
      options.limit,
      options.leaseMilliseconds,
      maxAttempts,
      options.workerId,
      cap,
      ...inLane,
    ]);
    return claimed.rows;
  });
  return rows
    .sort((left, right) => Number(left.position) - Number(right.position))
    .map((row) => claimOf(options.workerId, row));
}

const HELD = "id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'claimed'";

const heldBy = (claim: JobClaim): unknown[] => [claim.job.id, claim.workerId, claim.attempt];

/** How long {@link extendJobClaim} extends a claim, and the schema of the outbox. */
export interface ExtendJobClaimOptions extends PostgresSchemaOptions {
  /** The claim's new lease, counted from now. */
  readonly leaseMilliseconds: number;
}

/**
 * Extends a live claim by `leaseMilliseconds` from now; false when the claim was lost.
 *
 * @example
 * ```ts
 * const held = await extendJobClaim(pool, claim, { leaseMilliseconds: 60_000 });
 * ```
 */
export async function extendJobClaim(
  pool: Pool,
  claim: JobClaim,
  { leaseMilliseconds, ...options }: ExtendJobClaimOptions,
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE ${postgresSchemaOf(options).table("job_outbox")} SET claimed_until = now() + make_interval(secs => $4::double precision / 1000) WHERE ${HELD}`,
    [...heldBy(claim), leaseMilliseconds],
  );
  return result.rowCount === 1;
}

/** Marks a claimed job as processed; false when the claim was lost to another worker. */
export async function completeJob(
  pool: Pool,
  claim: JobClaim,
  options: PostgresSchemaOptions = {},
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE ${postgresSchemaOf(options).table("job_outbox")} SET state = 'done', finished_at = now(), claimed_until = NULL WHERE ${HELD}`,
    heldBy(claim),
  );
  return result.rowCount === 1;
}

/** What {@link failJob} did. */
export type FailJobOutcome = "requeued" | "dead" | "lease_lost";

/** Settings of {@link failJob}. */
export interface FailJobOptions extends PostgresSchemaOptions {
  /** Attempts after which the job is given up; {@link JOB_MAX_ATTEMPTS_DEFAULT} by default. */
  readonly maxAttempts?: number;
  /**
   * A fixed wait before a requeued job may be claimed again, instead of the backoff (0
   * retries at once).
   */
  readonly retryDelayMilliseconds?: number;
  /**
   * The exponential backoff with full jitter that spaces the attempts;
   * {@link JOB_RETRY_BACKOFF_DEFAULT} by default (up to 5 s, 10 s, 20 s... at most 5 min).
   */
  readonly retryBackoff?: RetryBackoff;
  /** The jitter's source of numbers in `[0, 1)`; `Math.random` by default. */
  readonly random?: () => number;
}

/**
 * The wait before a claim's job may run again after this attempt failed: the fixed
 * `retryDelayMilliseconds` when given, else a draw from the backoff.
 */
export function retryDelayOf(claim: JobClaim, options: FailJobOptions = {}): number {
  return (
    options.retryDelayMilliseconds ??
    jobRetryDelayMilliseconds(
      claim.attempt,
      options.retryBackoff ?? JOB_RETRY_BACKOFF_DEFAULT,
      options.random ?? Math.random,
    )
  );
}

/** What processing a claimed job threw, with the settings of {@link failJob}. */
export interface FailJobRequest extends FailJobOptions {
  /** The failure; its message is kept as the job's last error. */
  readonly error: unknown;
}

/**
 * Records that processing a claimed job threw `error`: the job is queued again after a
 * delay (the fixed `retryDelayMilliseconds`, else a draw from `retryBackoff`), or given
 * up (`dead`) once it has used its attempts. A dead job stays in the outbox until it is
 * re-queued (`requeueDeadJobs`) or pruned.
 *
 * @example
 * ```ts
 * const outcome = await failJob(pool, claim, { error, maxAttempts: 5 });
 * outcome; // "requeued", "dead" or "lease_lost"
 * ```
 */
export async function failJob(
  pool: Pool,
  claim: JobClaim,
  { error, ...options }: FailJobRequest,
): Promise<FailJobOutcome> {
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
  const dead = claim.attempt >= maxAttempts;
  const message = error instanceof Error ? error.message : String(error);
  const result = await pool.query(
    `UPDATE ${postgresSchemaOf(options).table("job_outbox")} SET state = $4, last_error = $5, claimed_by = NULL, claimed_until = NULL,
       finished_at = CASE WHEN $4 = 'dead' THEN now() END,
       available_at = now() + make_interval(secs => $6::double precision / 1000)
     WHERE ${HELD}`,
    [...heldBy(claim), dead ? "dead" : "queued", message, dead ? 0 : retryDelayOf(claim, options)],
  );
  if (result.rowCount !== 1) return "lease_lost";
  return dead ? "dead" : "requeued";
}
