/**
 * Pruning the job outbox. A finished job's row is only history once its hold is
 * settled, so `done` rows are deleted after a retention (a week by default), oldest
 * first, in small batches. `dead` rows are kept: each is a job that needs a decision
 * (re-queue it with `requeueDeadJobs`, or let it go), and its credits stay held while it
 * waits. They are deleted only when a dead retention is given; an open hold of a pruned
 * job is then released by the hold sweeper (`releaseAbandonedHolds`), while its record
 * keeps the status it had.
 *
 * @module
 */
import type { Pool } from "pg";
import { checkedBatchSize, inBatches } from "./batches.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";

/** Done jobs are kept a week: long enough to look into last week's incident. */
export const JOB_DONE_RETENTION_DEFAULT_MILLISECONDS = 7 * 24 * 60 * 60 * 1000;

/** Batches one call deletes at most per state, so a call on a huge backlog stays bounded. */
export const JOB_PRUNE_MAX_BATCHES_DEFAULT = 100;

/** Settings of {@link pruneJobOutbox}. */
export interface OutboxPruningOptions extends PostgresSchemaOptions {
  /**
   * How long a `done` job is kept after it finished;
   * {@link JOB_DONE_RETENTION_DEFAULT_MILLISECONDS} by default.
   */
  readonly doneRetentionMilliseconds?: number;
  /**
   * How long a `dead` job is kept after it was given up; dead jobs are kept until they
   * are re-queued when this is not given.
   */
  readonly deadRetentionMilliseconds?: number;
  /** Rows one statement deletes at most; 500 by default. */
  readonly batchSize?: number;
  /** Statements one call runs at most per state; {@link JOB_PRUNE_MAX_BATCHES_DEFAULT} by default. */
  readonly maxBatches?: number;
}

/** What {@link pruneJobOutbox} deleted. */
export interface OutboxPruneReport {
  /** `done` jobs deleted. */
  readonly done: number;
  /** `dead` jobs deleted (0 without a dead retention). */
  readonly dead: number;
}

function checkedRetention(name: string, milliseconds: number): number {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) {
    throw new RangeError(
      `${name} must be a duration of 0 or more milliseconds, got ${milliseconds}.`,
    );
  }
  return milliseconds;
}

// Locked rows are skipped, so two hosts pruning at once delete disjoint batches.
const pruneSql = (schema: PostgresSchema): string => {
  const outbox = schema.table("job_outbox");
  return `WITH doomed AS (
      SELECT id FROM ${outbox}
      WHERE state = $1 AND finished_at < now() - make_interval(secs => $2::double precision / 1000)
      ORDER BY finished_at LIMIT $3 FOR UPDATE SKIP LOCKED)
    DELETE FROM ${outbox} AS job USING doomed WHERE job.id = doomed.id`;
};

/**
 * Deletes finished jobs older than their retention, in batches of `batchSize`, and says
 * how many. The worker calls it every ten minutes; call it yourself to prune on your own
 * schedule, or to delete dead jobs with an explicit retention.
 *
 * @example
 * ```ts
 * await pruneJobOutbox(pool, { schema: "reelkit" }); // { done: 1200, dead: 0 }
 * // Give up dead jobs older than 90 days too (their open holds are then released):
 * await pruneJobOutbox(pool, { deadRetentionMilliseconds: 90 * 24 * 60 * 60 * 1000 });
 * ```
 */
export async function pruneJobOutbox(
  pool: Pool,
  options: OutboxPruningOptions = {},
): Promise<OutboxPruneReport> {
  const sql = pruneSql(postgresSchemaOf(options));
  const batchSize = checkedBatchSize(options.batchSize);
  const maxBatches = options.maxBatches ?? JOB_PRUNE_MAX_BATCHES_DEFAULT;
  const doneRetention = checkedRetention(
    "doneRetentionMilliseconds",
    options.doneRetentionMilliseconds ?? JOB_DONE_RETENTION_DEFAULT_MILLISECONDS,
  );
  const deadRetention =
    options.deadRetentionMilliseconds === undefined
      ? undefined
      : checkedRetention("deadRetentionMilliseconds", options.deadRetentionMilliseconds);
  const prune = (state: "done" | "dead", retentionMilliseconds: number) =>
    inBatches(
      async () => (await pool.query(sql, [state, retentionMilliseconds, batchSize])).rowCount ?? 0,
      batchSize,
      maxBatches,
    );
  return {
    done: await prune("done", doneRetention),
    dead: deadRetention === undefined ? 0 : await prune("dead", deadRetention),
  };
}
