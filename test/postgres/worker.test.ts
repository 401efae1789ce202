import type { Job } from "reelkit";
import {
  claimJobs,
  createPostgresCreditStore,
  createPostgresJobQueue,
  drainJobs,
  releaseAbandonedHolds,
  runPostgresWorker,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

describeWithDatabase("PostgreSQL job workers", (schema) => {
  beforeEach(() =>
    truncate(schema(), ["job_outbox", "credit_ledger", "credit_holds", "credit_accounts"]),
  );
  const inSchema = () => ({ schema: schema().name });
  const credits = () => createPostgresCreditStore(schema().pool, inSchema());
  const queued = async (ids: readonly string[]) => {
    await credits().grant(toOrganizationId(1), 1000, "test");
    await credits().reserve(
      toOrganizationId(1),
      ids.map((holdId) => ({ holdId, amount: 10 })),
    );
    const queue = createPostgresJobQueue(schema().pool, inSchema());
    for (const id of ids) await queue.enqueue(job(id));
  };
  // A stand-in for processJob: the work failed, so the hold is refunded.
  const refund = async (next: Job) => {
    await credits().release(next.organizationId, next.holdId);
  };

  it("runs every job exactly once with two workers in two pools", async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `j${index}`);
    await queued(ids);
    const ran: string[] = [];
    const process = async (next: Job) => {
      ran.push(next.id);
      await sleep(2);
    };
    const workers = [schema().pool, schema().openPool(4)].map((pool) =>
      runPostgresWorker({ ...inSchema(), pool, process, concurrency: 3, pollMilliseconds: 10 }),
    );
    while (ran.length < ids.length) await sleep(10);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect([...ran].sort()).toEqual([...ids].sort());
    const { rows } = await schema().pool.query(
      `SELECT DISTINCT state FROM ${schema().table("job_outbox")}`,
    );
    expect(rows).toEqual([{ state: "done" }]);
  });

  it("keeps a slow job's claim alive, so no other worker runs it", async () => {
    await queued(["slow"]);
    const runs: string[] = [];
    // The job runs for three leases; a lease long enough that a busy test machine's
    // event-loop stalls never outlast two renewal periods keeps this about the claim.
    const process = async (next: Job) => {
      runs.push(next.id);
      await sleep(1800);
    };
    const options = { ...inSchema(), process, leaseMilliseconds: 600, pollMilliseconds: 10 };
    const first = runPostgresWorker({ ...options, pool: schema().pool });
    await sleep(100);
    const second = runPostgresWorker({ ...options, pool: schema().openPool(2) });
    await sleep(1900);
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toEqual(["slow"]);
  });

  it("refunds a job once when a worker presumed dead wakes up after another retried it", async () => {
    await queued(["j1"]);
    const [abandoned] = await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "dead",
      limit: 1,
      leaseMilliseconds: 30,
    });
    await sleep(50);
    expect(await drainJobs({ ...inSchema(), pool: schema().openPool(2), process: refund })).toBe(1);
    if (abandoned !== undefined) await refund(abandoned.job);
    expect(await credits().balance(toOrganizationId(1))).toEqual({
      posted: 1000,
      pending: 0,
      available: 1000,
    });
    const releases = (await credits().ledger(toOrganizationId(1))).filter(
      (entry) => entry.kind === "release",
    );
    expect(releases).toHaveLength(1);
  });

  it("queues a job again when processing throws, and reports the error", async () => {
    await queued(["flaky"]);
    const errors: unknown[] = [];
    let calls = 0;
    const process = async (next: Job) => {
      calls += 1;
      if (calls === 1) throw new Error("database hiccup");
      await refund(next);
    };
    const options = {
      ...inSchema(),
      pool: schema().pool,
      process,
      retryDelayMilliseconds: 0,
      onError: (error: unknown) => errors.push(error),
    };
    expect(await drainJobs(options)).toBe(2);
    expect(errors).toHaveLength(1);
    expect(await credits().balance(toOrganizationId(1))).toMatchObject({
      pending: 0,
      available: 1000,
    });
  });

  it("releases holds that no job will settle, once they are old enough", async () => {
    await queued(["queued"]);
    await credits().reserve(toOrganizationId(1), [{ holdId: "orphan", amount: 25 }]);
    expect(await releaseAbandonedHolds(schema().pool, credits(), inSchema())).toBe(0);
    await sleep(20);
    const sweeps = await Promise.all([
      releaseAbandonedHolds(schema().pool, credits(), { ...inSchema(), olderThanMilliseconds: 10 }),
      releaseAbandonedHolds(schema().openPool(2), credits(), {
        ...inSchema(),
        olderThanMilliseconds: 10,
      }),
    ]);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await credits().hold(toOrganizationId(1), "orphan")).toMatchObject({
      state: "released",
    });
    expect(await credits().hold(toOrganizationId(1), "queued")).toMatchObject({ state: "pending" });
  });
});
