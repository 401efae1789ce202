/**
 * reelkit/postgres: every store port on PostgreSQL, so any number of host instances
 * share one source of truth and still charge exactly once.
 *
 * - Schema: every table lives in one schema, `reelkit` by default; each function takes
 *   the same `schema` option ({@link PostgresSchemaOptions}), and the caller's pool may
 *   be shared with other code (statements name the schema; nothing depends on
 *   `search_path`).
 * - {@link migrate}: versioned migrations, safe when several processes start at once.
 * - {@link postgresReadiness}: the `/readyz` check (database reachable, migrations current).
 * - {@link createPostgresPorts}: every port below over one pool, and a worker starter.
 * - Stores: {@link createPostgresCreditStore}, {@link createPostgresIdempotencyStore},
 *   {@link createPostgresAccountStore} (with {@link seedOrganizations} for fixtures that
 *   never reset a balance, and an optional per-host cache of API keys kept current by
 *   `LISTEN`), {@link createPostgresResourceStores},
 *   {@link createPostgresRateLimiter}, and {@link createPostgresOAuthStore} for the MCP
 *   authorization server of `reelkit/mcp`.
 * - Jobs: {@link createPostgresJobQueue} writes the outbox and notifies idle workers;
 *   {@link runPostgresWorker} (or {@link claimJobs}, {@link completeJob}, {@link failJob}
 *   for your own loop) runs it with `FOR UPDATE SKIP LOCKED`, so any number of workers
 *   can run, waiting on `LISTEN` when idle and retrying failed jobs with exponential
 *   backoff and jitter; {@link releaseAbandonedHolds} returns credits a crashed request
 *   left held; {@link pruneJobOutbox} deletes finished jobs after their retention;
 *   {@link listDeadJobs} and {@link requeueDeadJobs} handle jobs given up.
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
  JOB_RETRY_BACKOFF_DEFAULT,
  JOB_RETRY_BASE_MILLISECONDS,
  JOB_RETRY_CAP_MILLISECONDS,
  JOB_RETRY_FACTOR,
  jobRetryDelayMilliseconds,
  type RetryBackoff,
  retryCeilingMilliseconds,
} from "../ports/retry-backoff.js";
export {
  type ApiKeyOptions,
  createPostgresAccountStore,
  type NewApiKey,
  type PostgresAccountStore,
  type PostgresAccountStoreOptions,
} from "./account-store.js";
export { API_KEY_CACHE_ENTRIES_DEFAULT, type PostgresApiKeyCacheOptions } from "./api-key-cache.js";
export { MAINTENANCE_BATCH_SIZE_DEFAULT, MAINTENANCE_BATCH_SIZE_MAX } from "./batches.js";
export { type ClaimRenewal, releaseJobClaim, renewJobClaim } from "./claim-handback.js";
export { createPostgresCreditStore, type PostgresCreditStoreOptions } from "./credit-store.js";
export {
  DEAD_JOBS_LIST_LIMIT_DEFAULT,
  DEAD_JOBS_LIST_LIMIT_MAX,
  type DeadJob,
  type DeadJobSelection,
  type ListDeadJobsOptions,
  listDeadJobs,
  type RequeueDeadJobsOptions,
  requeueDeadJobs,
} from "./dead-jobs.js";
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
  type ExtendJobClaimOptions,
  extendJobClaim,
  type FailJobOptions,
  type FailJobOutcome,
  type FailJobRequest,
  failJob,
  JOB_MAX_ATTEMPTS_DEFAULT,
  type JobClaim,
} from "./job-claims.js";
export { createPostgresJobQueue, type PostgresJobQueue } from "./job-queue.js";
export { type MigrateOptions, type MigrationReport, migrate } from "./migrate.js";
export { MIGRATIONS, type Migration } from "./migrations/index.js";
export {
  createPostgresOAuthStore,
  type OAuthPruningOptions,
  pruneOAuthRecords,
} from "./oauth-store.js";
export {
  JOB_DONE_RETENTION_DEFAULT_MILLISECONDS,
  JOB_PRUNE_MAX_BATCHES_DEFAULT,
  type OutboxPruneReport,
  type OutboxPruningOptions,
  pruneJobOutbox,
} from "./outbox-pruning.js";
export {
  createPostgresPorts,
  type PostgresPorts,
  type PostgresPortsOptions,
  type StartWorkerOptions,
} from "./ports.js";
export {
  createPostgresRateLimiter,
  EDIT_RATE_LIMIT_NAME,
  FRAME_RATE_LIMIT_NAME,
  PAID_RATE_LIMIT_NAME,
  type PostgresRateLimiterOptions,
} from "./rate-limiter.js";
export { POSTGRES_READINESS_CHECK_NAME, postgresReadiness } from "./readiness.js";
export { createPostgresResourceStores, createPostgresVideoStore } from "./resource-stores.js";
export { drainJobs } from "./run-claim.js";
export {
  DEFAULT_POSTGRES_SCHEMA,
  type PostgresSchemaOptions,
  SCHEMA_NAME_MAX_LENGTH,
  schemaNameProblem,
} from "./schema.js";
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
export {
  createPostgresWebhookPorts,
  type PostgresWebhookPorts,
  pruneWebhookDeliveries,
  saveWebhookEndpoints,
  type WebhookPruningOptions,
} from "./webhooks.js";
export { type PostgresWorker, runPostgresWorker } from "./worker.js";
export {
  JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS,
  JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS,
  type PostgresWorkerOptions,
} from "./worker-options.js";
