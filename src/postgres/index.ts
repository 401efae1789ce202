/**
 * reelkit/postgres: every store port on PostgreSQL, so any number of host instances
 * share one source of truth and still charge exactly once.
 *
 * - {@link migrate}: versioned migrations, safe when several processes start at once.
 * - {@link createPostgresPorts}: every port below over one pool, and a worker starter.
 * - Stores: {@link createPostgresCreditStore}, {@link createPostgresIdempotencyStore},
 *   {@link createPostgresAccountStore} (with {@link seedOrganizations} for fixtures that
 *   never reset a balance), {@link createPostgresResourceStores},
 *   {@link createPostgresRateLimiter}.
 * - Jobs: {@link createPostgresJobQueue} writes the outbox; {@link runPostgresWorker}
 *   (or {@link claimJobs}, {@link completeJob}, {@link failJob} for your own loop) runs
 *   it with `FOR UPDATE SKIP LOCKED`, so any number of workers can run;
 *   {@link releaseAbandonedHolds} returns credits a crashed request left held.
 * - Atomicity: {@link atomically} (the `unitOfWork` of the ports) makes every store call
 *   inside it one transaction, so a paid request's hold, records, outbox entry and
 *   stored response commit together or not at all.
 * - Errors: a transaction that keeps losing to concurrent ones becomes a
 *   {@link PostgresRetryableError}, answered as a retryable 5xx.
 *
 * `pg` is an optional peer dependency: pass a `pg.Pool`.
 *
 * @packageDocumentation
 */
export {
  type ApiKeyOptions,
  createPostgresAccountStore,
  type PostgresAccountStore,
} from "./account-store.js";
export { createPostgresCreditStore, type PostgresCreditStoreOptions } from "./credit-store.js";
export {
  EDITOR_SNAPSHOT_EVERY,
  EDITOR_STATE_CACHE_PROJECTS_DEFAULT,
  type PostgresRevisionOptions,
} from "./editor-revisions.js";
export { isRetryableConflict, PostgresRetryableError, RETRYABLE_SQLSTATES } from "./errors.js";
export {
  ABANDONED_HOLD_AGE_DEFAULT_MILLISECONDS,
  type AbandonedHoldOptions,
  releaseAbandonedHolds,
} from "./hold-sweeper.js";
export { createPostgresIdempotencyStore } from "./idempotency-store.js";
export {
  type ClaimJobsOptions,
  claimJobs,
  completeJob,
  extendJobClaim,
  type FailJobOptions,
  type FailJobOutcome,
  failJob,
  JOB_MAX_ATTEMPTS_DEFAULT,
  type JobClaim,
} from "./job-claims.js";
export { createPostgresJobQueue } from "./job-queue.js";
export { type MigrateOptions, type MigrationReport, migrate } from "./migrate.js";
export { MIGRATIONS, type Migration } from "./migrations/index.js";
export {
  createPostgresPorts,
  type PostgresPorts,
  type PostgresPortsOptions,
  type StartWorkerOptions,
} from "./ports.js";
export { createPostgresRateLimiter, type PostgresRateLimiterOptions } from "./rate-limiter.js";
export { createPostgresResourceStores, createPostgresVideoStore } from "./resource-stores.js";
export { drainJobs } from "./run-claim.js";
export {
  type SeedOptions,
  type SeedOrganization,
  type SeedReport,
  seedOrganizations,
} from "./seed-organizations.js";
export {
  atomically,
  inTransaction,
  type Queryable,
  queryable,
  type TransactionOptions,
} from "./transaction.js";
export { type PostgresWorker, runPostgresWorker } from "./worker.js";
export type { PostgresWorkerOptions } from "./worker-options.js";
