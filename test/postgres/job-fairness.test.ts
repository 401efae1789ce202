import type pg from "pg";
import type { Job } from "reelkit";
import {
  claimJobs,
  completeJob,
  createPostgresJobQueue,
  type JobClaim,
  runPostgresWorker,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { fairClaimSql } from "../../src/postgres/fair-claim-sql.js";
import { postgresSchemaOf } from "../../src/postgres/schema.js";
import { createJobTimeline, type JobTimeline, jobOf, startOf } from "../support/job-timeline.js";
import { describeWithDatabase, type TestSchema } from "./support/database.js";
import { sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

const DURATION = 1000;
const BACKLOG = 5000;
const LEASE = 60_000;

// One statement for the backlog: 5,000 rows through `enqueue` would only slow the test.
async function enqueueBacklog(schema: TestSchema, organizationId: number, count: number) {
  await schema.pool.query(
    `INSERT INTO ${schema.table("job_outbox")} (id, organization_id, kind, resource_id, hold_id, job)
     SELECT id, $1::integer, 'generation', id, id, jsonb_build_object(
       'id', id, 'kind', 'generation', 'organizationId', $1::integer,
       'resourceId', id, 'holdId', id, 'input', '{}'::jsonb)
     FROM (SELECT 'org' || $1::integer || '-' || n AS id
           FROM generate_series(0, $2::integer - 1) AS n) AS ids`,
    [organizationId, count],
  );
}

const enqueue = (schema: TestSchema, job: Job) =>
  createPostgresJobQueue(schema.pool, { schema: schema.name }).enqueue(job);

interface PlanNode {
  readonly "Node Type": string;
  readonly "Relation Name"?: string;
  readonly "Actual Rows": number;
  readonly "Actual Loops": number;
  readonly Plans?: readonly PlanNode[];
}

// Every node of an EXPLAIN (FORMAT JSON) plan.
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

// The rows an explained statement read from job_outbox, and whether it scanned it whole.
async function outboxReads(client: pg.Pool | pg.PoolClient, sql: string, values: unknown[]) {
  const explained = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
  const outbox = nodesOf(explained.rows[0]["QUERY PLAN"][0].Plan).filter(
    (node) => node["Relation Name"] === "job_outbox",
  );
  return {
    rows: outbox.reduce((sum, node) => sum + node["Actual Rows"] * node["Actual Loops"], 0),
    scannedWhole: outbox.some((node) => node["Node Type"] === "Seq Scan"),
  };
}

// Waits (in real time, for the database) until the worker runs `slots` jobs, or every
// one of the `total` jobs not yet finished.
async function fillsSlots(timeline: JobTimeline, slots: number, total: number): Promise<void> {
  const target = () =>
    Math.min(slots, total - (timeline.starts.length - timeline.running().length));
  for (let tries = 0; timeline.running().length < target(); tries += 1) {
    if (tries > 2000) throw new Error(`The worker never filled ${target()} slots.`);
    await sleep(2);
  }
}

describeWithDatabase("PostgreSQL job claims: fairness between organizations", (schema) => {
  beforeEach(() => truncate(schema(), ["job_outbox", "job_organization_turns", "job_lane_turns"]));
  const claim = (workerId: string, limit: number, cap?: number, pool = schema().pool) =>
    claimJobs(pool, {
      schema: schema().name,
      workerId,
      limit,
      leaseMilliseconds: LEASE,
      ...(cap === undefined ? {} : { maxRunningPerOrganization: cap }),
    });
  const organizationsOf = (claims: readonly JobClaim[]) =>
    claims.map((each) => each.job.organizationId);

  it("starts another organization's job within one job duration of a 5,000-job backlog", async () => {
    await enqueueBacklog(schema(), 1, BACKLOG);
    // After each job's end, time stands still until the worker has refilled its slots.
    let stopping = false;
    const timeline: JobTimeline = createJobTimeline(DURATION, async () => {
      if (!stopping) await fillsSlots(timeline, 4, BACKLOG + 1);
    });
    const worker = runPostgresWorker({
      schema: schema().name,
      pool: schema().pool,
      process: timeline.work,
      concurrency: 4,
      pollMilliseconds: 5,
    });
    await fillsSlots(timeline, 4, BACKLOG);
    await enqueue(schema(), jobOf("newcomer", 2));
    for (let step = 0; startOf(timeline, "newcomer") === undefined && step < BACKLOG; step += 1) {
      await timeline.advance(DURATION);
    }
    // First in, first out, it started after 5,000 / 4 = 1,250 durations.
    expect(startOf(timeline, "newcomer")?.atMilliseconds).toBe(DURATION);
    stopping = true;
    const stopped = worker.stop();
    await timeline.advance(DURATION);
    await stopped;
  });

  it("hands the first free slot to the newcomer, claim by claim", async () => {
    await enqueueBacklog(schema(), 1, BACKLOG);
    const first = await claim("w1", 4);
    expect(organizationsOf(first)).toEqual([1, 1, 1, 1]);
    await enqueue(schema(), jobOf("newcomer", 2));
    // One job duration later, the four jobs end and their slots are claimed again.
    for (const each of first)
      expect(await completeJob(schema().pool, each, { schema: schema().name })).toBe(true);
    const second = await claim("w1", 4);
    expect(second.map((each) => each.job.id)).toEqual(["org1-4", "org1-5", "org1-6", "newcomer"]);
  });

  it("caps one organization's live claims over every worker, and starts a newcomer at once", async () => {
    await enqueueBacklog(schema(), 1, 50);
    expect(organizationsOf(await claim("w1", 4, 3))).toEqual([1, 1, 1]);
    expect(await claim("w2", 4, 3, schema().openPool(2))).toEqual([]);
    await enqueue(schema(), jobOf("newcomer", 2));
    expect((await claim("w2", 4, 3)).map((each) => each.job.id)).toEqual(["newcomer"]);
  });

  it("refuses a cap that would run nothing", async () => {
    await expect(claim("w1", 4, 0)).rejects.toThrow(RangeError);
    await expect(claim("w1", 4, 2.5)).rejects.toThrow(RangeError);
  });

  it("lets organizations with backlogs take turns, one claim at a time", async () => {
    await enqueueBacklog(schema(), 1, 20);
    await enqueueBacklog(schema(), 2, 3);
    await enqueueBacklog(schema(), 3, 2);
    const order: number[] = [];
    for (let step = 0; step < 9; step += 1) {
      const [next] = await claim("w1", 1);
      if (next === undefined) throw new Error("Expected a claim.");
      order.push(next.job.organizationId);
      await completeJob(schema().pool, next, { schema: schema().name });
    }
    expect(order).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 1]);
  });

  it("never passes the cap nor gives a job twice with many workers in many pools", async () => {
    const cap = 3;
    for (const organizationId of [1, 2, 3]) {
      await enqueueBacklog(schema(), organizationId, 40);
    }
    const pools = [schema().pool, schema().openPool(3), schema().openPool(3)];
    const seen = new Set<string>();
    let held: JobClaim[] = [];
    for (let round = 0; seen.size < 120; round += 1) {
      if (round > 400) throw new Error(`Only ${seen.size} of 120 jobs were claimed.`);
      // Six workers claim at the same moment; then about half of what runs finishes.
      const claims = (
        await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            claim(`w${index}`, 2, cap, pools[index % pools.length]),
          ),
        )
      ).flat();
      for (const each of claims) {
        expect(seen.has(each.job.id), `${each.job.id} claimed twice`).toBe(false);
        seen.add(each.job.id);
      }
      held = [...held, ...claims];
      const { rows } = await schema().pool.query(
        `SELECT organization_id, count(*)::int AS live FROM ${schema().table("job_outbox")}
         WHERE state = 'claimed' AND claimed_until > now() GROUP BY organization_id`,
      );
      for (const row of rows) expect(row.live).toBeLessThanOrEqual(cap);
      const finishing = held.filter((_, index) => (index + round) % 2 === 0);
      for (const each of finishing)
        await completeJob(schema().pool, each, { schema: schema().name });
      held = held.filter((each) => !finishing.includes(each));
    }
    expect(seen.size).toBe(120);
  });

  it("reads a few index entries per busy organization, not the backlog, in a lane or not", async () => {
    await enqueueBacklog(schema(), 1, BACKLOG);
    await enqueue(schema(), jobOf("newcomer", 2));
    await schema().pool.query(`ANALYZE ${schema().table("job_outbox")}`);
    for (const lane of [undefined, "standard"]) {
      const sql = fairClaimSql(postgresSchemaOf({ schema: schema().name }), lane !== undefined);
      const inLane = lane === undefined ? [] : [lane];
      const choose = await outboxReads(schema().pool, sql.chooseOrganizations, [
        20,
        4,
        5,
        ...inLane,
      ]);
      expect(choose.scannedWhole).toBe(false);
      expect(choose.rows).toBeLessThan(20);
      const client = await schema().pool.connect();
      try {
        await client.query("BEGIN");
        const claimed = await outboxReads(client, sql.claim, [
          [1, 2],
          4,
          LEASE,
          5,
          "w1",
          20,
          ...inLane,
        ]);
        expect(claimed.scannedWhole).toBe(false);
        expect(claimed.rows).toBeLessThan(40);
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    }
  });
});
