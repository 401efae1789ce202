import type { Job } from "reelkit";
import {
  DEAD_JOBS_LIST_LIMIT_MAX,
  drainJobs,
  listDeadJobs,
  requeueDeadJobs,
  runPostgresWorker,
} from "reelkit/postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type OrganizationId, toOrganizationId } from "../../src/organization-id.js";
import { post, staticAd } from "../service/generations/support.js";
import { KEYS } from "../service/support/harness.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { type Instance, seedHarnessOrganizations, startInstance } from "./support/instances.js";
import { sleep } from "./support/jobs.js";
import { observedPool } from "./support/observed-pool.js";

const url = testDatabaseUrl();

describe.skipIf(url === undefined)("dead jobs on PostgreSQL", () => {
  let schema: TestSchema;
  let instance: Instance;
  const inSchema = () => ({ schema: schema.name });
  beforeEach(async () => {
    if (url !== undefined) schema = await createTestSchema(url);
    await seedHarnessOrganizations(schema, 5000);
    instance = await startInstance(schema, "a");
  });
  afterEach(async () => {
    expect(instance.harness.serverErrors).toEqual([]);
    await schema.dispose();
  });

  // A paid generation; returns its job's id (the outbox row), its record id and its cost.
  const generate = async (prompt: string, key: string = KEYS.acme) => {
    const created = await post(instance.harness, "/generations", staticAd(prompt), {
      idempotencyKey: prompt,
      key,
    });
    expect(created.status).toBe(200);
    const recordId: string = created.body.generations[0].id;
    const { rows } = await schema.pool.query(
      `SELECT id FROM ${schema.table("job_outbox")} WHERE resource_id = $1`,
      [recordId],
    );
    return { jobId: String(rows[0]?.id), recordId, cost: created.body.credits_deducted as number };
  };
  // Runs every job once with `process`, giving each up after that one attempt.
  const runOnce = (process: (job: Job) => Promise<void>) =>
    drainJobs({
      ...inSchema(),
      pool: instance.pool,
      process,
      maxAttempts: 1,
      onError: () => undefined,
    });
  const statusOf = async (recordId: string, key: string = KEYS.acme) =>
    (await instance.harness.call("GET", `/generations/${recordId}`, { key })).body.status;
  const captures = async (account: OrganizationId, holdId: string) =>
    (await instance.ports.credits.ledger(account)).filter(
      (entry) => entry.kind === "capture" && entry.holdId === holdId,
    ).length;
  const holdOf = async (jobId: string): Promise<string> => {
    const { rows } = await schema.pool.query(
      `SELECT hold_id FROM ${schema.table("job_outbox")} WHERE id = $1`,
      [jobId],
    );
    return String(rows[0]?.hold_id);
  };

  it("lists dead jobs, re-queues them by id, organization or all, and charges each once", async () => {
    const settled = await generate("settled before it died");
    const unrun = await generate("died before it ran");
    const other = await generate("another organization's", KEYS.other);
    // One job finishes its work and its charge, then its worker fails to record that;
    // the others fail before doing anything. One attempt each, so all three die.
    expect(
      await runOnce(async (job) => {
        if (job.id === settled.jobId) await instance.harness.service.processJob(job);
        throw new Error(`worker lost while running ${job.id}`);
      }),
    ).toBe(3);
    expect(await statusOf(settled.recordId)).toBe("completed");
    expect(await statusOf(unrun.recordId)).toBe("generating");
    expect(await instance.available()).toBe(5000 - settled.cost - unrun.cost);

    const dead = await listDeadJobs(instance.pool, inSchema());
    expect(dead.map((each) => [each.job.id, each.attempts, each.lastError])).toEqual([
      [settled.jobId, 1, `worker lost while running ${settled.jobId}`],
      [unrun.jobId, 1, `worker lost while running ${unrun.jobId}`],
      [other.jobId, 1, `worker lost while running ${other.jobId}`],
    ]);
    expect(dead[0]?.job.resourceId).toBe(settled.recordId);
    expect(dead[0]?.diedAtEpochMilliseconds).toBeGreaterThan(Date.UTC(2026, 0, 1));
    const acmeDead = await listDeadJobs(instance.pool, {
      ...inSchema(),
      organizationId: toOrganizationId(1),
    });
    expect(acmeDead.map((each) => each.job.id)).toEqual([settled.jobId, unrun.jobId]);
    expect(await listDeadJobs(instance.pool, { ...inSchema(), limit: 1 })).toHaveLength(1);

    // By id: the job that had already charged runs again and charges nothing more.
    expect(
      await requeueDeadJobs(
        instance.pool,
        { kind: "jobs", jobIds: [settled.jobId, "no-such-job", other.jobId] },
        inSchema(),
      ),
    ).toEqual([settled.jobId, other.jobId]);
    expect(await instance.runJobs()).toBe(2);
    expect(await captures(toOrganizationId(1), await holdOf(settled.jobId))).toBe(1);
    expect(await statusOf(other.recordId, KEYS.other)).toBe("completed");

    // By organization: the job that never ran runs now, with fresh attempts.
    expect(
      await requeueDeadJobs(
        instance.pool,
        { kind: "organization", organizationId: toOrganizationId(1) },
        inSchema(),
      ),
    ).toEqual([unrun.jobId]);
    expect(await instance.runJobs()).toBe(1);
    expect(await statusOf(unrun.recordId)).toBe("completed");
    expect(await captures(toOrganizationId(1), await holdOf(unrun.jobId))).toBe(1);

    expect(await instance.available()).toBe(5000 - settled.cost - unrun.cost);
    expect((await instance.ports.credits.reconcile(toOrganizationId(1))).balanced).toBe(true);
    const { rows } = await schema.pool.query(
      `SELECT id, state, attempts FROM ${schema.table("job_outbox")} ORDER BY position`,
    );
    expect(rows).toEqual([
      { id: settled.jobId, state: "done", attempts: 1 },
      { id: unrun.jobId, state: "done", attempts: 1 },
      { id: other.jobId, state: "done", attempts: 1 },
    ]);
    expect(await requeueDeadJobs(instance.pool, { kind: "all" }, inSchema())).toEqual([]);
  });

  it("wakes an idle listening worker when it re-queues all of them", async () => {
    const first = await generate("first to die");
    const second = await generate("second to die", KEYS.other);
    await runOnce(async () => {
      throw new Error("outage");
    });
    const observed = observedPool(schema);
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: observed.pool,
      process: instance.harness.service.processJob,
      // Far longer than the test: only the notification can start these jobs.
      pollMilliseconds: 10 * 60 * 1000,
    });
    await observed.nextEmptyLook();
    expect(
      await requeueDeadJobs(instance.pool, { kind: "all" }, { ...inSchema(), batchSize: 1 }),
    ).toEqual([first.jobId, second.jobId]);
    while ((await statusOf(first.recordId)) === "generating") await sleep(20);
    while ((await statusOf(second.recordId, KEYS.other)) === "generating") await sleep(20);
    await worker.stop();
    expect(await listDeadJobs(instance.pool, inSchema())).toEqual([]);
  });

  it("refuses a limit or an organization that is not a whole number in range", async () => {
    const list = (options: object) => listDeadJobs(instance.pool, { ...inSchema(), ...options });
    await expect(list({ limit: 0 })).rejects.toThrow(RangeError);
    await expect(list({ limit: DEAD_JOBS_LIST_LIMIT_MAX })).resolves.toEqual([]);
    await expect(list({ limit: DEAD_JOBS_LIST_LIMIT_MAX + 1 })).rejects.toThrow(RangeError);
    await expect(list({ organizationId: 1.5 })).rejects.toThrow(RangeError);
    await expect(
      requeueDeadJobs(instance.pool, {
        kind: "organization",
        organizationId: Number.NaN as OrganizationId,
      }),
    ).rejects.toThrow(RangeError);
  });
});
