/**
 * The reference host on PostgreSQL (`--database-url` or `DATABASE_URL`): migrations are
 * applied on start, in the schema of `--database-schema` (`reelkit` by default), the
 * fixture only adds the organizations and keys that are missing, and jobs run on a
 * worker that any number of host processes may share. Each process keeps the API keys
 * it looked up while it listens for changes to them, as a production host would.
 *
 * `pg` is loaded only here, and only when a database URL is given, so the in-memory
 * host never needs it.
 *
 * @module
 */
import type { Clock } from "../clock.js";
import { migrate } from "../postgres/migrate.js";
import { createPostgresOAuthStore } from "../postgres/oauth-store.js";
import { createPostgresPorts } from "../postgres/ports.js";
import { postgresReadiness } from "../postgres/readiness.js";
import type { PostgresSchemaOptions } from "../postgres/schema.js";
import { seedOrganizations } from "../postgres/seed-organizations.js";
import { createPostgresWebhookPorts, saveWebhookEndpoints } from "../postgres/webhooks.js";
import type { PostgresWorker } from "../postgres/worker.js";
import type { WebhookDispatcher } from "../service/webhooks/dispatcher.js";
import type { HostSetup } from "./host-setup.js";
import { STARTING_CREDITS_REFERENCE } from "./seed-accounts.js";
import { hostWebhookDispatcher, type StatefulPorts } from "./stateful-ports.js";

/** Connections each host process opens at most. */
export const HOST_POOL_MAX_CONNECTIONS = 10;

/**
 * How long a host keeps an idle connection open: 60 seconds, longer than the 30-second
 * safety polls of its job worker and webhook dispatcher, so an idle host reuses one
 * connection rather than open a new one (a transaction of the server's) for each poll.
 */
export const HOST_POOL_IDLE_MILLISECONDS = 60_000;

/** What starting on PostgreSQL did, for the banner. */
export interface PostgresStartReport {
  /** Migration versions applied now; empty when the schema was current. */
  readonly migrationsApplied: readonly number[];
  /** Organizations the fixture added now; the others existed and were left alone. */
  readonly organizationsAdded: readonly number[];
}

/** {@link StatefulPorts} on PostgreSQL, with what starting them did. */
export interface PostgresHostStores extends StatefulPorts {
  /** Always `postgres`. */
  readonly kind: "postgres";
  /** Migrations and seeding done at start. */
  readonly report: PostgresStartReport;
}

/** The host's settings and clock, and the schema its tables live in. */
export interface PostgresHostStoresOptions extends PostgresSchemaOptions {
  /** The organizations and keys to seed, the rate limit and the job settings. */
  readonly setup: HostSetup;
  /** The clock of credit holds and the seeded starting credits. */
  readonly clock: Clock;
}

/**
 * Connects to `databaseUrl`, migrates `schema` (`reelkit` by default),
 * seeds the missing organizations and keys, and returns the PostgreSQL ports. Rejects
 * (closing the pool) when the database cannot be reached or migrated.
 *
 * @example
 * ```ts
 * const stores = await postgresHostStores("postgres://localhost/reelkit", {
 *   setup,
 *   clock: systemClock,
 * });
 * stores.report.organizationsAdded; // [1] on the first start, [] after
 * ```
 */
export async function postgresHostStores(
  databaseUrl: string,
  { setup, clock, schema }: PostgresHostStoresOptions,
): Promise<PostgresHostStores> {
  const inSchema = { schema };
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: HOST_POOL_MAX_CONNECTIONS,
    idleTimeoutMillis: HOST_POOL_IDLE_MILLISECONDS,
  });
  // An idle client that loses its server emits "error" on the pool; unhandled, it would
  // end the process. The next query reports the problem instead.
  pool.on("error", (error) => console.error("reelkit: database connection lost:", error.message));
  try {
    const migrated = await migrate(pool, inSchema);
    const seeded = await seedOrganizations(pool, setup.organizations, {
      ...inSchema,
      creditsReference: STARTING_CREDITS_REFERENCE,
      nowMilliseconds: () => clock.now(),
    });
    // The fixture's endpoints are the operator's configuration: written on every start,
    // so a changed URL, secret or event list takes effect.
    for (const organization of setup.organizations) {
      await saveWebhookEndpoints(
        pool,
        { organizationId: organization.id, endpoints: organization.webhooks },
        inSchema,
      );
    }
    const postgres = createPostgresPorts(pool, {
      ...inSchema,
      clock,
      rateLimit: setup.rateLimit,
      editRateLimit: setup.editRateLimit,
      frameRateLimit: setup.frameRateLimit,
      apiKeyCache: {},
    });
    const webhooks = createPostgresWebhookPorts(pool, inSchema);
    let worker: PostgresWorker | undefined;
    let dispatcher: WebhookDispatcher | undefined;
    let stopping: Promise<void> | undefined;
    let released: Promise<void> | undefined;
    const stopJobs = (): Promise<void> => {
      stopping ??= Promise.all([worker?.stop(), dispatcher?.stop()]).then(() => undefined);
      return stopping;
    };
    const release = (): Promise<void> => {
      // The cache's listening connection is checked out of the pool, which cannot end
      // until it is given back.
      released ??= postgres.close().then(() => pool.end());
      return released;
    };
    return {
      kind: "postgres",
      report: {
        migrationsApplied: migrated.applied,
        organizationsAdded: seeded.organizationsAdded,
      },
      oauth: createPostgresOAuthStore(pool, inSchema),
      readiness: [postgresReadiness(pool, inSchema)],
      ports: {
        accounts: postgres.accounts,
        credits: postgres.credits,
        idempotency: postgres.idempotency,
        stores: postgres.stores,
        queue: postgres.queue,
        rateLimiter: postgres.rateLimiter,
        editRateLimiter: postgres.editRateLimiter,
        frameRateLimiter: postgres.frameRateLimiter,
        unitOfWork: postgres.unitOfWork,
        webhooks,
      },
      startJobs(process) {
        if (stopping !== undefined) return;
        worker ??= postgres.startWorker(process, setup.jobs);
        dispatcher ??= hostWebhookDispatcher(webhooks.queue, webhooks.endpoints);
        dispatcher.start();
      },
      stopJobs,
      interruptJobs: () => worker?.interrupt(),
      release,
      async close() {
        await stopJobs();
        await release();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
