import {
  createPostgresCreditStore,
  JOB_DONE_RETENTION_DEFAULT_MILLISECONDS,
  JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS,
  MAINTENANCE_BATCH_SIZE_MAX,
  pruneJobOutbox,
  releaseAbandonedHolds,
  runPostgresWorker,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

const DAY = 24 * 60 * 60 * 1000;

describeWithDatabase("pruning the PostgreSQL job outbox", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  beforeEach(() =>
    truncate(schema(), ["job_outbox", "credit_ledger", "credit_holds", "credit_accounts"]),
  );
  // Jobs of organization 1 in `state`, finished `ageDays` ago (open ones never finished).
  const insertJobs = async (prefix: string, count: number, state: string, ageDays: number) => {
    await schema().pool.query(
      `INSERT INTO ${schema().table("job_outbox")}
         (id, organization_id, kind, resource_id, hold_id, job, state, attempts, finished_at,
          claimed_by, claimed_until)
       SELECT id, 1, 'generation', id, id, jsonb_build_object('id', id), $2::text, 1,
         CASE WHEN $2::text IN ('done', 'dead') THEN now() - make_interval(days => $3) END,
         CASE WHEN $2::text = 'claimed' THEN 'w1' END,
         CASE WHEN $2::text = 'claimed' THEN now() + interval '1 minute' END
       FROM (SELECT $1::text || n AS id FROM generate_series(1, $4::integer) AS n) AS ids`,
      [prefix, state, ageDays, count],
    );
  };
  const remaining = async (): Promise<string[]> => {
    const { rows } = await schema().pool.query(
      `SELECT id FROM ${schema().table("job_outbox")} ORDER BY id`,
    );
    return rows.map((row) => row.id);
  };

  it("keeps done jobs a week, dead ones until told, and never touches open ones", async () => {
    expect(JOB_DONE_RETENTION_DEFAULT_MILLISECONDS).toBe(7 * DAY);
    await insertJobs("old-done-", 5, "done", 8);
    await insertJobs("new-done-", 2, "done", 6);
    await insertJobs("old-dead-", 2, "dead", 90);
    await insertJobs("queued-", 1, "queued", 0);
    await insertJobs("claimed-", 1, "claimed", 0);
    expect(await pruneJobOutbox(schema().pool, inSchema())).toEqual({ done: 5, dead: 0 });
    expect(await remaining()).toEqual([
      "claimed-1",
      "new-done-1",
      "new-done-2",
      "old-dead-1",
      "old-dead-2",
      "queued-1",
    ]);
    expect(await pruneJobOutbox(schema().pool, inSchema())).toEqual({ done: 0, dead: 0 });
  });

  it("deletes in batches, at most maxBatches a call", async () => {
    await insertJobs("done-", 7, "done", 30);
    const options = { ...inSchema(), batchSize: 2, maxBatches: 2 };
    expect(await pruneJobOutbox(schema().pool, options)).toEqual({ done: 4, dead: 0 });
    expect(await pruneJobOutbox(schema().pool, options)).toEqual({ done: 3, dead: 0 });
    expect(await pruneJobOutbox(schema().pool, options)).toEqual({ done: 0, dead: 0 });
  });

  it("deletes dead jobs past an explicit retention, and the sweeper then returns their credits", async () => {
    const credits = createPostgresCreditStore(schema().pool, inSchema());
    await credits.grant(toOrganizationId(1), 100, "start");
    await credits.reserve(toOrganizationId(1), [
      { holdId: "old-dead-1", amount: 30 },
      { holdId: "new-dead-1", amount: 20 },
    ]);
    await insertJobs("old-dead-", 1, "dead", 40);
    await insertJobs("new-dead-", 1, "dead", 10);
    const sweep = () =>
      releaseAbandonedHolds(schema().pool, credits, { ...inSchema(), olderThanMilliseconds: 0 });
    // A dead job still waits for a decision, so its credits stay held.
    expect(await sweep()).toBe(0);
    const pruned = await pruneJobOutbox(schema().pool, {
      ...inSchema(),
      deadRetentionMilliseconds: 30 * DAY,
    });
    expect(pruned).toEqual({ done: 0, dead: 1 });
    expect(await remaining()).toEqual(["new-dead-1"]);
    expect(await sweep()).toBe(1);
    expect(await credits.balance(toOrganizationId(1))).toEqual({
      posted: 100,
      pending: 20,
      available: 80,
    });
  });

  it("returns the credits of a hold whose only job is done, and keeps those of open jobs", async () => {
    const credits = createPostgresCreditStore(schema().pool, inSchema());
    await credits.grant(toOrganizationId(1), 100, "start");
    await credits.reserve(toOrganizationId(1), [
      { holdId: "done-1", amount: 30 },
      { holdId: "queued-1", amount: 20 },
      { holdId: "claimed-1", amount: 10 },
      { holdId: "dead-1", amount: 5 },
    ]);
    // A job that ran to its end without settling its hold: nothing will settle it now.
    await insertJobs("done-", 1, "done", 0);
    await insertJobs("queued-", 1, "queued", 0);
    await insertJobs("claimed-", 1, "claimed", 0);
    await insertJobs("dead-", 1, "dead", 0);
    const sweep = (olderThanMilliseconds?: number) =>
      releaseAbandonedHolds(schema().pool, credits, { ...inSchema(), olderThanMilliseconds });
    expect(await sweep()).toBe(0);
    expect(await sweep(0)).toBe(1);
    expect((await credits.hold(toOrganizationId(1), "done-1"))?.state).toBe("released");
    expect(await credits.balance(toOrganizationId(1))).toEqual({
      posted: 100,
      pending: 35,
      available: 65,
    });
    expect(await sweep(0)).toBe(0);
  });

  it("is done by the worker on its own, every ten minutes by default", async () => {
    expect(JOB_PRUNE_INTERVAL_DEFAULT_MILLISECONDS).toBe(10 * 60 * 1000);
    await insertJobs("done-", 3, "done", 2);
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: schema().pool,
      process: async () => undefined,
      pruneIntervalMilliseconds: 20,
      pruning: { doneRetentionMilliseconds: DAY },
    });
    while ((await remaining()).length > 0) await sleep(20);
    await worker.stop();
    expect(await remaining()).toEqual([]);
  });

  it("refuses settings that would prune nothing sensible", async () => {
    const prune = (options: object) => pruneJobOutbox(schema().pool, { ...inSchema(), ...options });
    await expect(prune({ batchSize: 0 })).rejects.toThrow(RangeError);
    await expect(prune({ batchSize: MAINTENANCE_BATCH_SIZE_MAX + 1 })).rejects.toThrow(RangeError);
    await expect(prune({ doneRetentionMilliseconds: -1 })).rejects.toThrow(RangeError);
    await expect(prune({ deadRetentionMilliseconds: Number.NaN })).rejects.toThrow(
      "deadRetentionMilliseconds must be a duration of 0 or more milliseconds, got NaN.",
    );
  });
});
