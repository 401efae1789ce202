/**
 * Two service instances on one database, as two host processes behind a load balancer
 * would run: each has its own pool, its own service and its own clock, and they share
 * nothing but PostgreSQL.
 */

import type pg from "pg";
import type { ServiceDependencies } from "reelkit";
import {
  createPostgresPorts,
  drainJobs,
  type PostgresPorts,
  seedOrganizations,
} from "reelkit/postgres";
import {
  countingUuid,
  createHarness,
  type Harness,
  KEYS,
  ORGS,
} from "../../service/support/harness.js";
import type { TestSchema } from "./database.js";

/** One instance: the harness around its service, its pool and its ports. */
export interface Instance {
  readonly harness: Harness;
  readonly pool: pg.Pool;
  readonly ports: PostgresPorts;
  /** Runs every runnable job with this instance's service; returns how many ran. */
  runJobs(): Promise<number>;
  /** Acme's available credits, as the database holds them. */
  available(): Promise<number>;
}

const READ_WRITE = ["generations:read", "generations:write"] as const;

/** Seeds acme (with `credits`) and the other organization, once, for every instance. */
export async function seedHarnessOrganizations(schema: TestSchema, credits: number): Promise<void> {
  await seedOrganizations(
    schema.pool,
    [
      {
        id: ORGS.acme,
        name: "Acme",
        subscriptionActive: true,
        credits,
        apiKeys: [{ key: KEYS.acme, scopes: READ_WRITE }],
      },
      {
        id: ORGS.other,
        name: "Other",
        subscriptionActive: true,
        credits: 5000,
        apiKeys: [{ key: KEYS.other, scopes: READ_WRITE }],
      },
    ],
    { schema: schema.name },
  );
}

/**
 * Starts an instance on its own pool of the schema. Editor ids carry the instance's
 * `name`, as random ids would never collide across real instances, while the harness's
 * counting ones would. `overrides` replaces ports, given the PostgreSQL ones.
 */
export async function startInstance(
  schema: TestSchema,
  name: string,
  overrides: (ports: PostgresPorts) => Partial<ServiceDependencies> = () => ({}),
): Promise<Instance> {
  const pool = schema.openPool(6);
  let editorIds = 0;
  const ports = createPostgresPorts(pool, {
    schema: schema.name,
    rateLimit: { maxRequests: 1000, windowSeconds: 60 },
  });
  const harness = await createHarness({
    overrides: {
      accounts: ports.accounts,
      credits: ports.credits,
      idempotency: ports.idempotency,
      stores: ports.stores,
      queue: ports.queue,
      rateLimiter: ports.rateLimiter,
      unitOfWork: ports.unitOfWork,
      ids: {
        uuid: countingUuid,
        editorId: () => {
          editorIds += 1;
          return `${name}${editorIds}`;
        },
      },
      ...overrides(ports),
    },
  });
  return {
    harness,
    pool,
    ports,
    runJobs: () => drainJobs({ schema: schema.name, pool, process: harness.service.processJob }),
    available: async () => (await ports.credits.balance(ORGS.acme)).available,
  };
}
