/**
 * Releasing holds that no job will ever settle. Inside the ports' `unitOfWork` a paid
 * request's hold and its job commit together, so a killed process leaves neither; but
 * holds written outside a unit (a pipeline of your own, a store call that failed after
 * its hold committed) can be left open with no job, and a job that finished without
 * settling its hold (a job of your own, or one that ran code older than the rule that a
 * replaced export releases its hold) leaves it open with only a done job. Such a hold is
 * released once it is older than any request can last, so neither keeps credits.
 *
 * @module
 */
import type { Pool } from "pg";
import type { CreditStore } from "../credits/store.js";
import { toOrganizationId } from "../organization-id.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";

/**
 * Settings of {@link releaseAbandonedHolds}; `schema` is the one of the outbox and of
 * the credit store's tables.
 */
export interface AbandonedHoldOptions extends PostgresSchemaOptions {
  /**
   * Age after which an open hold without a job counts as abandoned. It must exceed the
   * longest a request can hold credits before queueing or capturing them (the
   * idempotency lease is one minute); {@link ABANDONED_HOLD_AGE_DEFAULT_MILLISECONDS} by
   * default.
   */
  readonly olderThanMilliseconds?: number;
  /** Most holds released per call; 100 by default. */
  readonly limit?: number;
}

/** Fifteen minutes: far beyond any request, short enough to return credits the same hour. */
export const ABANDONED_HOLD_AGE_DEFAULT_MILLISECONDS = 15 * 60 * 1000;

/**
 * Releases open holds older than the given age that no open or dead job of the outbox
 * refers to: no job at all (a job pruned from the outbox no longer counts), or only jobs
 * that are done, which ran to their end and will never settle anything again. A queued
 * or claimed job will settle its hold, and a dead one keeps it until it is re-queued or
 * pruned. Returns how many this call released.
 * Each release goes through the credit store, so a hold is refunded at most once even
 * when several processes sweep at the same time, and a late job for a released hold is
 * never charged (its capture finds the hold resolved).
 *
 * @example
 * ```ts
 * const schema = "reelkit";
 * await releaseAbandonedHolds(pool, createPostgresCreditStore(pool, { schema }), { schema });
 * ```
 */
export async function releaseAbandonedHolds(
  pool: Pool,
  credits: CreditStore,
  options: AbandonedHoldOptions = {},
): Promise<number> {
  const schema = postgresSchemaOf(options);
  const { rows } = await pool.query(
    `SELECT hold.account_id, hold.hold_id FROM ${schema.table("credit_holds")} AS hold
     WHERE hold.state = 'pending'
       AND hold.created_at < now() - make_interval(secs => $1::double precision / 1000)
       AND NOT EXISTS (SELECT 1 FROM ${schema.table("job_outbox")} AS job
                       WHERE job.hold_id = hold.hold_id AND job.organization_id::text = hold.account_id
                         AND job.state <> 'done')
     ORDER BY hold.created_at LIMIT $2`,
    [
      options.olderThanMilliseconds ?? ABANDONED_HOLD_AGE_DEFAULT_MILLISECONDS,
      options.limit ?? 100,
    ],
  );
  let released = 0;
  for (const row of rows) {
    const result = await credits.release(toOrganizationId(row.account_id), String(row.hold_id));
    if (result.ok) released += 1;
  }
  return released;
}
