/**
 * What a worker does with a claim while its job runs and when it stops early: renewing
 * the claim also tells whether the job's work is still wanted, and a job interrupted by a
 * stop is handed back to the queue, runnable at once by any worker, its attempt not
 * counted, since it did not fail.
 *
 * @module
 */
import type { Pool } from "pg";
import type { ExtendJobClaimOptions, JobClaim } from "./job-claims.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";

/**
 * What renewing a claim found: `held` (renewed), `cancelled` (renewed, but the job's work
 * is no longer wanted: its hold's work was replaced) or `lost` (another worker took the
 * job over, or it is no longer claimed).
 */
export type ClaimRenewal = "held" | "cancelled" | "lost";

const HELD = "id = $1 AND claimed_by = $2 AND attempts = $3 AND state = 'claimed'";

/**
 * Extends a live claim by `leaseMilliseconds` from now, and says whether its work is
 * still wanted; a worker that missed the job's cancellation notice learns it here.
 *
 * @example
 * ```ts
 * if ((await renewJobClaim(pool, claim, { leaseMilliseconds: 60_000 })) !== "held") controller.abort();
 * ```
 */
export async function renewJobClaim(
  pool: Pool,
  claim: JobClaim,
  { leaseMilliseconds, ...options }: ExtendJobClaimOptions,
): Promise<ClaimRenewal> {
  const { rows } = await pool.query<{ cancelled: boolean }>(
    `UPDATE ${postgresSchemaOf(options).table("job_outbox")}
     SET claimed_until = now() + make_interval(secs => $4::double precision / 1000)
     WHERE ${HELD} RETURNING cancelled_at IS NOT NULL AS cancelled`,
    [claim.job.id, claim.workerId, claim.attempt, leaseMilliseconds],
  );
  const [row] = rows;
  if (row === undefined) return "lost";
  return row.cancelled ? "cancelled" : "held";
}

/**
 * Gives a claimed job back to the queue without counting its attempt: it is runnable at
 * once, and idle workers are woken (when the statement commits). For a run interrupted
 * by its worker's stop, which neither finished nor failed. False when the claim was lost.
 *
 * @example
 * ```ts
 * await releaseJobClaim(pool, claim, { schema: "reelkit" }); // another host takes it at once
 * ```
 */
export async function releaseJobClaim(
  pool: Pool,
  claim: JobClaim,
  options: PostgresSchemaOptions = {},
): Promise<boolean> {
  const schema = postgresSchemaOf(options);
  const { rows } = await pool.query(
    `WITH released AS (
       UPDATE ${schema.table("job_outbox")}
       SET state = 'queued', attempts = attempts - 1, claimed_by = NULL, claimed_until = NULL,
         available_at = now()
       WHERE ${HELD} RETURNING id)
     SELECT pg_notify($4, '') FROM released`,
    [claim.job.id, claim.workerId, claim.attempt, schema.jobsChannel],
  );
  return rows.length === 1;
}
