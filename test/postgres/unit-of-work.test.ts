import {
  atomically,
  createPostgresCreditStore,
  createPostgresJobQueue,
  inTransaction,
  queryable,
} from "reelkit/postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import type { Job } from "../../src/ports/jobs.js";
import { post, staticAd } from "../service/generations/support.js";
import { KEYS } from "../service/support/harness.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { type Instance, seedHarnessOrganizations, startInstance } from "./support/instances.js";

const url = testDatabaseUrl();

function jobFor(holdId: string): Job {
  return {
    id: `job-${holdId}`,
    organizationId: toOrganizationId(1),
    kind: "generation",
    resourceId: `resource-${holdId}`,
    holdId,
    input: {},
  };
}

async function count(schema: TestSchema, table: string): Promise<number> {
  const { rows } = await schema.pool.query(`SELECT count(*)::int AS n FROM ${schema.table(table)}`);
  return rows[0].n;
}

describe.skipIf(url === undefined)("atomically: one transaction around many store calls", () => {
  let schema: TestSchema;
  beforeEach(async () => {
    if (url !== undefined) schema = await createTestSchema(url);
  });
  afterEach(async () => {
    await schema.dispose();
  });

  it("commits a hold and an outbox entry together, or neither when the work throws", async () => {
    const { pool } = schema;
    const credits = createPostgresCreditStore(pool, { schema: schema.name });
    const queue = createPostgresJobQueue(pool, { schema: schema.name });
    await credits.grant(toOrganizationId(1), 100, "start");

    await atomically(pool, async () => {
      await credits.reserve(toOrganizationId(1), [{ holdId: "h1", amount: 30 }]);
      await queue.enqueue(jobFor("h1"));
    });
    await expect(
      atomically(pool, async () => {
        await credits.reserve(toOrganizationId(1), [{ holdId: "h2", amount: 30 }]);
        await queue.enqueue(jobFor("h2"));
        throw new Error("storing the response failed");
      }),
    ).rejects.toThrow("storing the response failed");

    expect((await credits.balance(toOrganizationId(1))).available).toBe(70);
    expect(await count(schema, "job_outbox")).toBe(1);
    expect((await credits.ledger(toOrganizationId(1))).map((entry) => entry.kind)).toEqual([
      "grant",
      "hold",
    ]);
  });

  it("leaves no hold when the connection dies in the middle of the unit, as a killed process would", async () => {
    const pool = schema.openPool(2);
    const admin = schema.openPool(1);
    const credits = createPostgresCreditStore(pool, { schema: schema.name });
    await credits.grant(toOrganizationId(1), 100, "start");
    await expect(
      atomically(pool, async () => {
        await credits.reserve(toOrganizationId(1), [{ holdId: "h1", amount: 30 }]);
        const { rows } = await queryable(pool).query("SELECT pg_backend_pid() AS pid");
        await admin.query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
        await createPostgresJobQueue(pool, { schema: schema.name }).enqueue(jobFor("h1"));
      }),
    ).rejects.toThrow();
    expect((await credits.balance(toOrganizationId(1))).available).toBe(100);
    expect(await count(schema, "credit_holds")).toBe(0);
    expect(await count(schema, "job_outbox")).toBe(0);
  });

  it("keeps a store's own rollback inside the unit as a savepoint", async () => {
    const { pool } = schema;
    const credits = createPostgresCreditStore(pool, { schema: schema.name });
    const queue = createPostgresJobQueue(pool, { schema: schema.name });
    await credits.grant(toOrganizationId(1), 100, "start");
    await atomically(pool, async () => {
      await credits.reserve(toOrganizationId(1), [{ holdId: "h1", amount: 10 }]);
      await inTransaction(pool, async (client) => {
        await client.query(
          `INSERT INTO ${schema.table("job_outbox")} (id, organization_id, kind, resource_id, hold_id, job)
           VALUES ('undone', 1, 'generation', 'r', 'h0', '{}'::jsonb)`,
        );
        throw new Error("a nested failure the work recovers from");
      }).catch(() => undefined);
      await queue.enqueue(jobFor("h1"));
    });
    const { rows } = await pool.query(`SELECT id FROM ${schema.table("job_outbox")} ORDER BY id`);
    expect(rows.map((row) => row.id)).toEqual(["job-h1"]);
    expect((await credits.balance(toOrganizationId(1))).available).toBe(90);
  });

  it("runs the store calls made inside a store's own transaction on its connection", async () => {
    // One connection: a call that took a second one would wait for this transaction's end.
    const single = schema.openPool(1);
    const credits = createPostgresCreditStore(single, { schema: schema.name });
    await credits.grant(toOrganizationId(1), 100, "start");
    const inside = inTransaction(single, async (client) => {
      await client.query(
        `SELECT 1 FROM ${schema.table("credit_accounts")} WHERE account_id = '1' FOR UPDATE`,
      );
      return (await credits.balance(toOrganizationId(1))).available;
    });
    const stuck = new Promise<string>((resolve) => setTimeout(() => resolve("stuck"), 5000));
    expect(await Promise.race([inside, stuck])).toBe(100);
  });

  it("leaves other pools and calls outside the unit on their own connections", async () => {
    const { pool } = schema;
    const other = schema.openPool(2);
    const credits = createPostgresCreditStore(pool, { schema: schema.name });
    await credits.grant(toOrganizationId(1), 100, "start");
    await atomically(pool, async () => {
      await credits.reserve(toOrganizationId(1), [{ holdId: "h1", amount: 10 }]);
      // Not yet committed: another connection still sees the old balance.
      const outside = createPostgresCreditStore(other, { schema: schema.name });
      expect((await outside.balance(toOrganizationId(1))).available).toBe(100);
    });
    expect(
      (await createPostgresCreditStore(other, { schema: schema.name }).balance(toOrganizationId(1)))
        .available,
    ).toBe(90);
  });
});

describe.skipIf(url === undefined)("a job's outcome and its refund commit together", () => {
  let schema: TestSchema;
  beforeEach(async () => {
    if (url !== undefined) schema = await createTestSchema(url);
    await seedHarnessOrganizations(schema, 5000);
  });
  afterEach(async () => {
    await schema.dispose();
  });

  it("never shows a failed generation whose refund is not recorded yet", async () => {
    let releaseStarted: () => void = () => undefined;
    const releasing = new Promise<void>((resolve) => {
      releaseStarted = resolve;
    });
    let letRelease: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      letRelease = resolve;
    });
    // The refund of the failed job waits until the test has read the generation.
    const instance = await startInstance(schema, "a", (ports) => ({
      credits: {
        ...ports.credits,
        async release(accountId, holdId) {
          releaseStarted();
          await released;
          return ports.credits.release(accountId, holdId);
        },
      },
    }));
    const created = await post(instance.harness, "/generations", staticAd("#fail on purpose"), {
      idempotencyKey: "refund-race",
    });
    const path = `/generations/${created.body.generations[0].id}`;
    const running = instance.runJobs();
    await releasing;
    const during = await instance.harness.call("GET", path, { key: KEYS.acme });
    letRelease();
    await running;
    const after = await instance.harness.call("GET", path, { key: KEYS.acme });

    expect(during.body).toMatchObject({ status: "generating", error: null });
    expect(after.body).toMatchObject({
      status: "error",
      error: { code: "generation_failed", credits_returned: true },
    });
    expect(await instance.available()).toBe(5000);
  });

  it("records nothing when a run stops before its charge, and charges once when run again", async () => {
    let crashes = 1;
    const instance = await startInstance(schema, "a", (ports) => ({
      credits: {
        ...ports.credits,
        async capture(accountId, holdId) {
          if (crashes > 0) {
            crashes -= 1;
            throw new Error("the worker stopped");
          }
          return ports.credits.capture(accountId, holdId);
        },
      },
    }));
    const created = await post(instance.harness, "/generations", staticAd("stops"), {
      idempotencyKey: "stops-before-charge",
    });
    const path = `/generations/${created.body.generations[0].id}`;
    const { rows } = await schema.pool.query(`SELECT job FROM ${schema.table("job_outbox")}`);
    const job = rows[0]?.job as Job;

    await expect(instance.harness.service.processJob(job)).rejects.toThrow("the worker stopped");
    const during = await instance.harness.call("GET", path, { key: KEYS.acme });
    expect(during.body).toMatchObject({ status: "generating" });
    expect((await instance.ports.credits.balance(toOrganizationId(1))).pending).toBe(20);

    await instance.harness.service.processJob(job);
    const after = await instance.harness.call("GET", path, { key: KEYS.acme });
    expect(after.body.status).toBe("completed");
    const ledger = await instance.ports.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
    expect(await instance.available()).toBe(4980);
  });
});

describe.skipIf(url === undefined)("a paid request on PostgreSQL is one unit of work", () => {
  let schema: TestSchema;
  let instance: Instance;
  beforeEach(async () => {
    if (url !== undefined) schema = await createTestSchema(url);
    await seedHarnessOrganizations(schema, 5000);
  });
  afterEach(async () => {
    await schema.dispose();
  });

  it("leaves no charge, record or job when storing the response fails, and frees the key", async () => {
    let failCompletion = true;
    instance = await startInstance(schema, "a", (ports) => ({
      idempotency: {
        ...ports.idempotency,
        async complete(scope, request) {
          if (failCompletion) throw new Error("the idempotency table is unavailable");
          return ports.idempotency.complete(scope, request);
        },
      },
    }));
    const failed = await post(instance.harness, "/generations", staticAd("unit", 2), {
      idempotencyKey: "unit-1",
    });
    expect(failed.status).toBe(500);
    expect(instance.harness.serverErrors).toHaveLength(1);
    expect(await instance.available()).toBe(5000);
    expect(await count(schema, "generations")).toBe(0);
    expect(await count(schema, "job_outbox")).toBe(0);
    expect(await count(schema, "credit_holds")).toBe(0);

    failCompletion = false;
    const retried = await post(instance.harness, "/generations", staticAd("unit", 2), {
      idempotencyKey: "unit-1",
    });
    expect(retried.status).toBe(200);
    expect(retried.body.generations).toHaveLength(2);
    expect(await instance.available()).toBe(5000 - retried.body.credits_deducted);
    expect(await count(schema, "job_outbox")).toBe(2);
  });
});
