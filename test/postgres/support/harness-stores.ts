/**
 * The service harness on PostgreSQL: with `REELKIT_TEST_STORES=postgres`, the harness
 * of `test/service` takes its accounts, credits, idempotency keys, resource stores and
 * job queue from here instead of memory, each harness on a fresh migrated schema, so the
 * service integration tests run unchanged against a real server.
 *
 * The accounts and queue keep the shape of the in-memory ones the harness exposes:
 * `putOrganization` is synchronous there, so writes are chained and every read waits for
 * them; `pending()` mirrors the jobs this harness queued that no worker has taken yet.
 */

import type {
  Clock,
  CreditStore,
  IdempotencyStore,
  Job,
  JobRunOptions,
  Organization,
  RateLimiter,
  ResourceStores,
  UnitOfWork,
  WebhookEndpoint,
} from "reelkit";
import type { JobWorker, MemoryAccountStore, MemoryJobQueue } from "reelkit/memory";
import {
  atomically,
  createPostgresAccountStore,
  createPostgresCreditStore,
  createPostgresIdempotencyStore,
  createPostgresJobQueue,
  createPostgresRateLimiter,
  createPostgresResourceStores,
  createPostgresWebhookPorts,
  drainJobs,
  EDIT_RATE_LIMIT_NAME,
  FRAME_RATE_LIMIT_NAME,
  type PostgresWebhookPorts,
  type PostgresWorker,
  runPostgresWorker,
  saveWebhookEndpoints,
} from "reelkit/postgres";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./database.js";

/** The stores a harness takes from PostgreSQL. */
export interface HarnessStores {
  readonly accounts: MemoryAccountStore;
  readonly credits: CreditStore;
  readonly idempotency: IdempotencyStore;
  readonly stores: ResourceStores;
  readonly queue: MemoryJobQueue;
  readonly unitOfWork: UnitOfWork;
  /** A limiter of changes of editor projects, counted in the harness's schema. */
  editRateLimiter(limit: { maxRequests: number; windowSeconds: number }): RateLimiter;
  /** A limiter of previews of editor projects, counted in the harness's schema. */
  frameRateLimiter(limit: { maxRequests: number; windowSeconds: number }): RateLimiter;
  /** Webhook ports on the harness's schema, with the given endpoints saved. */
  webhooks(
    endpoints: Readonly<Record<number, readonly WebhookEndpoint[]>>,
  ): Promise<PostgresWebhookPorts>;
}

/** What the harness passes. */
export interface HarnessStoreOptions {
  readonly clock: Clock;
  readonly queueCapacity?: number | undefined;
}

function harnessAccounts(schema: TestSchema): MemoryAccountStore {
  const { pool } = schema;
  const store = createPostgresAccountStore(pool, { schema: schema.name });
  let writes: Promise<unknown> = Promise.resolve();
  const after = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writes.then(work);
    writes = next.catch(() => undefined);
    return next;
  };
  const put = (organization: Organization) =>
    pool.query(
      `INSERT INTO ${schema.table("organizations")} (id, name, subscription_active) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, subscription_active = EXCLUDED.subscription_active`,
      [organization.id, organization.name, organization.subscriptionActive],
    );
  return {
    findKeysByLookupPrefix: (prefix) => after(() => store.findKeysByLookupPrefix(prefix)),
    findKeysWithOrganizations: (prefix) => after(() => store.findKeysWithOrganizations(prefix)),
    organization: (id) => after(() => store.organization(id)),
    putOrganization(organization) {
      void after(() => put(organization));
    },
    addApiKey: (organizationId, apiKey) => after(() => store.ensureApiKey(organizationId, apiKey)),
    revokeApiKey: (keyId) => after(() => store.revokeApiKey(keyId)),
  };
}

function harnessQueue(schema: TestSchema, capacity: number | undefined): MemoryJobQueue {
  const { pool } = schema;
  const queue = createPostgresJobQueue(pool, { schema: schema.name });
  const waiting: Job[] = [];
  let worker: PostgresWorker | undefined;
  const taking =
    (run: JobWorker) =>
    async (job: Job, options: JobRunOptions = {}) => {
      const index = waiting.findIndex((each) => each.id === job.id);
      if (index >= 0) waiting.splice(index, 1);
      await run(job, options);
    };
  // One attempt per job, as the in-memory queue runs a job once and reports its error.
  const settings = { schema: schema.name, pool, maxAttempts: 1, pollMilliseconds: 5 };
  return {
    async enqueue(job) {
      if (capacity !== undefined && waiting.length >= capacity) {
        throw new Error(`The job queue is full (${capacity} jobs waiting).`);
      }
      await queue.enqueue(job);
      waiting.push(job);
    },
    cancel: (cancellation) => queue.cancel(cancellation),
    pending: () => [...waiting],
    runPending: (run) => drainJobs({ ...settings, process: taking(run) }),
    start(run, options = {}) {
      worker = runPostgresWorker({
        ...settings,
        process: taking(run),
        ...options,
      });
    },
    async stop() {
      await worker?.stop();
      worker = undefined;
    },
    interrupt() {
      worker?.interrupt();
    },
    async idle() {
      for (;;) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS open FROM ${schema.table("job_outbox")} WHERE state IN ('queued', 'claimed')`,
        );
        if (rows[0]?.open === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/**
 * The PostgreSQL stores of one harness when `REELKIT_TEST_STORES=postgres`, else
 * undefined (the harness keeps its in-memory ones).
 */
export async function postgresHarnessStores(
  options: HarnessStoreOptions,
): Promise<HarnessStores | undefined> {
  if (process.env.REELKIT_TEST_STORES !== "postgres") return undefined;
  const url = testDatabaseUrl();
  if (url === undefined) throw new Error("REELKIT_TEST_STORES=postgres needs a PostgreSQL server.");
  // Few connections each: a test file creates a harness per test, and idle ones close
  // quickly, so parallel files stay far below the server's connection limit.
  const schema = await createTestSchema(url, { max: 4 });
  const { pool } = schema;
  const inSchema = { schema: schema.name };
  return {
    accounts: harnessAccounts(schema),
    credits: createPostgresCreditStore(pool, { ...inSchema, clock: options.clock }),
    idempotency: createPostgresIdempotencyStore(pool, inSchema),
    stores: createPostgresResourceStores(pool, inSchema),
    queue: harnessQueue(schema, options.queueCapacity),
    unitOfWork: { run: (work) => atomically(pool, work) },
    editRateLimiter: (limit) =>
      createPostgresRateLimiter(pool, { ...limit, ...inSchema, name: EDIT_RATE_LIMIT_NAME }),
    frameRateLimiter: (limit) =>
      createPostgresRateLimiter(pool, { ...limit, ...inSchema, name: FRAME_RATE_LIMIT_NAME }),
    async webhooks(endpoints) {
      for (const [organizationId, list] of Object.entries(endpoints)) {
        await saveWebhookEndpoints(
          pool,
          { organizationId: Number(organizationId), endpoints: list },
          inSchema,
        );
      }
      return createPostgresWebhookPorts(pool, inSchema);
    },
  };
}
