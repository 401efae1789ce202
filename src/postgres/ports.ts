/**
 * Every PostgreSQL port at once, for a host that wants the service on one database:
 * the stores and queue go into `ServiceDependencies`, and `startWorker` runs the jobs.
 *
 * @module
 */
import type { Pool } from "pg";
import type { Clock } from "../clock.js";
import type { CreditStore } from "../credits/store.js";
import type { IdempotencyStore } from "../idempotency/store.js";
import type { JobProcessor, JobQueue } from "../ports/jobs.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { ResourceStores, UnitOfWork } from "../ports/stores.js";
import {
  EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
  FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "../schemas/limits.js";
import { createPostgresAccountStore, type PostgresAccountStore } from "./account-store.js";
import type { PostgresApiKeyCacheOptions } from "./api-key-cache.js";
import { createPostgresCreditStore } from "./credit-store.js";
import type { PostgresRevisionOptions } from "./editor-revisions.js";
import { type AbandonedHoldOptions, releaseAbandonedHolds } from "./hold-sweeper.js";
import { createPostgresIdempotencyStore } from "./idempotency-store.js";
import { createPostgresJobQueue } from "./job-queue.js";
import { startPeriodicTask } from "./periodic-task.js";
import {
  createPostgresRateLimiter,
  EDIT_RATE_LIMIT_NAME,
  FRAME_RATE_LIMIT_NAME,
  type PostgresRateLimiterOptions,
} from "./rate-limiter.js";
import { createPostgresResourceStores } from "./resource-stores.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { atomically } from "./transaction.js";
import { type PostgresWorker, runPostgresWorker } from "./worker.js";
import type { PostgresWorkerOptions } from "./worker-options.js";

/**
 * Settings of {@link createPostgresPorts}. `schema` is the one `migrate` built; every
 * port, the worker and its maintenance use it.
 */
export interface PostgresPortsOptions extends PostgresSchemaOptions {
  /** Stamps ledger entries; the system clock by default. */
  readonly clock?: Clock;
  /** The rate limit shared by every instance; the in-memory limiter's defaults otherwise. */
  readonly rateLimit?: PostgresRateLimiterOptions;
  /**
   * The limit of changes of editor projects, shared by every instance;
   * `EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds by default.
   */
  readonly editRateLimit?: Omit<PostgresRateLimiterOptions, "name">;
  /**
   * The limit of previews of editor projects, shared by every instance;
   * `FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds by default.
   */
  readonly frameRateLimit?: Omit<PostgresRateLimiterOptions, "name">;
  /** How many revisions of each editor project are kept, and the cache of latest states. */
  readonly revisions?: PostgresRevisionOptions;
  /**
   * Keeps the API keys this host looked up while it listens for changes to keys and
   * organizations, saving each authenticated request a round trip; it holds one
   * connection of the pool until {@link PostgresPorts.close}. Off by default.
   */
  readonly apiKeyCache?: PostgresApiKeyCacheOptions;
}

/** Settings of {@link PostgresPorts.startWorker}; the schema is the ports'. */
export interface StartWorkerOptions
  extends Omit<PostgresWorkerOptions, "pool" | "process" | "schema"> {
  /**
   * How often the worker releases holds that no job will settle (see
   * `releaseAbandonedHolds`); once a minute by default, never when 0.
   */
  readonly sweepIntervalMilliseconds?: number;
  /** Which holds count as abandoned. */
  readonly abandonedHolds?: Omit<AbandonedHoldOptions, "schema">;
}

/** The PostgreSQL ports of the service. */
export interface PostgresPorts {
  /** Organizations and API key digests, with fixture seeding that never overwrites. */
  readonly accounts: PostgresAccountStore;
  /** Credit accounts, holds and the ledger. */
  readonly credits: CreditStore;
  /** Idempotency keys. */
  readonly idempotency: IdempotencyStore;
  /** Generations, slideshows, videos, references and media. */
  readonly stores: ResourceStores;
  /** The job outbox. */
  readonly queue: JobQueue;
  /** The rate limit, counted across instances. */
  readonly rateLimiter: RateLimiter;
  /** The limit of changes of editor projects, counted across instances. */
  readonly editRateLimiter: RateLimiter;
  /** The limit of previews of editor projects, counted across instances. */
  readonly frameRateLimiter: RateLimiter;
  /**
   * One transaction around the store calls of a paid request: the rate-limit count, the
   * credit hold, the records, the outbox entry and the stored response commit together.
   * It needs no schema: every statement inside names its own.
   */
  readonly unitOfWork: UnitOfWork;
  /**
   * Starts a worker running `process` (the service's `processJob`) over the outbox; it
   * also releases abandoned holds every minute and prunes the outbox every ten.
   */
  startWorker(process: JobProcessor, options?: StartWorkerOptions): PostgresWorker;
  /**
   * Releases the connection the ports hold open (the API key cache's), so that the pool
   * can end; workers are stopped with their own `stop`. Does nothing without a cache.
   */
  close(): Promise<void>;
}

/**
 * Builds every PostgreSQL port over one pool (run {@link migrate} first, with the same
 * `schema` option). The pool may be shared with other code: reelkit's statements name
 * their schema and change no connection setting.
 *
 * @example
 * ```ts
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const schema = "reelkit"; // the default
 * await migrate(pool, { schema });
 * await seedOrganizations(pool, setup.organizations, { schema });
 * const postgres = createPostgresPorts(pool, { schema });
 * const service = createService({ ...otherPorts, ...postgres });
 * const worker = postgres.startWorker(service.processJob);
 * ```
 */
export function createPostgresPorts(pool: Pool, options: PostgresPortsOptions = {}): PostgresPorts {
  // Checked once here, so a bad name fails when the ports are built.
  const inSchema = { schema: postgresSchemaOf(options).name };
  const accounts = createPostgresAccountStore(
    pool,
    options.apiKeyCache === undefined
      ? inSchema
      : { ...inSchema, apiKeyCache: options.apiKeyCache },
  );
  const credits = createPostgresCreditStore(
    pool,
    options.clock === undefined ? inSchema : { ...inSchema, clock: options.clock },
  );
  return {
    accounts,
    credits,
    idempotency: createPostgresIdempotencyStore(pool, inSchema),
    stores: createPostgresResourceStores(pool, { ...options.revisions, ...inSchema }),
    queue: createPostgresJobQueue(pool, inSchema),
    rateLimiter: createPostgresRateLimiter(pool, { ...options.rateLimit, ...inSchema }),
    editRateLimiter: createPostgresRateLimiter(pool, {
      maxRequests: EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds: EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
      ...options.editRateLimit,
      ...inSchema,
      name: EDIT_RATE_LIMIT_NAME,
    }),
    frameRateLimiter: createPostgresRateLimiter(pool, {
      maxRequests: FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds: FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
      ...options.frameRateLimit,
      ...inSchema,
      name: FRAME_RATE_LIMIT_NAME,
    }),
    unitOfWork: { run: (work) => atomically(pool, work) },
    startWorker(process, workerOptions = {}) {
      const worker = runPostgresWorker({ ...workerOptions, ...inSchema, pool, process });
      const onError =
        workerOptions.onError ?? ((error: unknown) => console.error("reelkit:", error));
      const sweeper = startPeriodicTask(
        workerOptions.sweepIntervalMilliseconds ?? 60_000,
        () =>
          releaseAbandonedHolds(pool, credits, { ...workerOptions.abandonedHolds, ...inSchema }),
        (error) => onError(error, undefined),
      );
      return {
        workerId: worker.workerId,
        async stop() {
          await Promise.all([sweeper.stop(), worker.stop()]);
        },
        interrupt: () => worker.interrupt(),
      };
    },
    close: () => accounts.close(),
  };
}
