import {
  claimJobs,
  completeJob,
  createPostgresJobQueue,
  extendJobClaim,
  failJob,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

describeWithDatabase("PostgreSQL job outbox", (schema) => {
  beforeEach(() => truncate(schema(), ["job_outbox"]));
  const inSchema = () => ({ schema: schema().name });
  const enqueue = async (count: number) => {
    const queue = createPostgresJobQueue(schema().pool, inSchema());
    for (let index = 0; index < count; index += 1) await queue.enqueue(job(`j${index}`));
  };
  const stateOf = async (id: string) =>
    (
      await schema().pool.query(
        `SELECT state, attempts, last_error FROM ${schema().table("job_outbox")} WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it("stores the whole job and hands it out oldest first", async () => {
    await enqueue(3);
    const claims = await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "w1",
      limit: 2,
      leaseMilliseconds: 60_000,
    });
    expect(claims).toEqual([
      { job: job("j0"), workerId: "w1", attempt: 1, takeover: false },
      { job: job("j1"), workerId: "w1", attempt: 1, takeover: false },
    ]);
  });

  it("refuses a second job with the same id, so the service can refund it", async () => {
    await enqueue(1);
    await expect(
      createPostgresJobQueue(schema().pool, inSchema()).enqueue(job("j0")),
    ).rejects.toThrow();
  });

  it("gives two workers claiming at once disjoint jobs", async () => {
    await enqueue(20);
    const other = schema().openPool(2);
    const [first, second] = await Promise.all([
      claimJobs(schema().pool, {
        ...inSchema(),
        workerId: "w1",
        limit: 12,
        leaseMilliseconds: 60_000,
      }),
      claimJobs(other, { ...inSchema(), workerId: "w2", limit: 12, leaseMilliseconds: 60_000 }),
    ]);
    const ids = [...(first ?? []), ...(second ?? [])].map((claim) => claim.job.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(
      await claimJobs(other, {
        ...inSchema(),
        workerId: "w3",
        limit: 5,
        leaseMilliseconds: 60_000,
      }),
    ).toEqual([]);
  });

  it("lets another worker take over an expired claim, and refuses the old claim's writes", async () => {
    await enqueue(1);
    const [stale] = await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "w1",
      limit: 1,
      leaseMilliseconds: 50,
    });
    expect(
      await claimJobs(schema().pool, {
        ...inSchema(),
        workerId: "w2",
        limit: 1,
        leaseMilliseconds: 60_000,
      }),
    ).toEqual([]);
    await sleep(80);
    const [fresh] = await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "w2",
      limit: 1,
      leaseMilliseconds: 60_000,
    });
    expect(fresh).toMatchObject({ workerId: "w2", attempt: 2, takeover: true });
    if (stale === undefined || fresh === undefined) throw new Error("Expected both claims.");
    expect(
      await extendJobClaim(schema().pool, stale, { ...inSchema(), leaseMilliseconds: 60_000 }),
    ).toBe(false);
    expect(await completeJob(schema().pool, stale, inSchema())).toBe(false);
    expect(await failJob(schema().pool, stale, { ...inSchema(), error: new Error("late") })).toBe(
      "lease_lost",
    );
    expect(await completeJob(schema().pool, fresh, inSchema())).toBe(true);
    expect(await stateOf("j0")).toEqual({ state: "done", attempts: 2, last_error: null });
  });

  it("keeps a renewed claim from being taken over", async () => {
    await enqueue(1);
    const [claim] = await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "w1",
      limit: 1,
      leaseMilliseconds: 60,
    });
    if (claim === undefined) throw new Error("Expected a claim.");
    await sleep(40);
    expect(
      await extendJobClaim(schema().pool, claim, { ...inSchema(), leaseMilliseconds: 60_000 }),
    ).toBe(true);
    await sleep(40);
    expect(
      await claimJobs(schema().pool, {
        ...inSchema(),
        workerId: "w2",
        limit: 1,
        leaseMilliseconds: 60,
      }),
    ).toEqual([]);
  });

  it("queues a failed job again after the delay, and gives it up after its attempts", async () => {
    await enqueue(1);
    const options = {
      ...inSchema(),
      workerId: "w1",
      limit: 1,
      leaseMilliseconds: 60_000,
      maxAttempts: 2,
    };
    const [first] = await claimJobs(schema().pool, options);
    if (first === undefined) throw new Error("Expected a claim.");
    expect(
      await failJob(schema().pool, first, {
        ...inSchema(),
        error: new Error("boom"),
        maxAttempts: 2,
        retryDelayMilliseconds: 50,
      }),
    ).toBe("requeued");
    expect(await claimJobs(schema().pool, options)).toEqual([]);
    await sleep(80);
    const [second] = await claimJobs(schema().pool, options);
    if (second === undefined) throw new Error("Expected a second claim.");
    expect(
      await failJob(schema().pool, second, {
        ...inSchema(),
        error: new Error("boom again"),
        maxAttempts: 2,
      }),
    ).toBe("dead");
    expect(await stateOf("j0")).toEqual({ state: "dead", attempts: 2, last_error: "boom again" });
  });

  it("gives up a job whose claim expired on its last attempt instead of claiming it again", async () => {
    await enqueue(1);
    await claimJobs(schema().pool, {
      ...inSchema(),
      workerId: "w1",
      limit: 1,
      leaseMilliseconds: 20,
      maxAttempts: 1,
    });
    await sleep(40);
    expect(
      await claimJobs(schema().pool, {
        ...inSchema(),
        workerId: "w2",
        limit: 1,
        leaseMilliseconds: 20,
        maxAttempts: 1,
      }),
    ).toEqual([]);
    expect(await stateOf("j0")).toMatchObject({ state: "dead", attempts: 1 });
  });
});
