import type { Job } from "reelkit";
import {
  atomically,
  createPostgresJobQueue,
  createPostgresPorts,
  JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS,
  type PostgresWorkerOptions,
  runPostgresWorker,
} from "reelkit/postgres";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";
import { observedPool } from "./support/observed-pool.js";
import { truncate } from "./support/tables.js";

// Far longer than any test here runs: a job these workers start was announced to them.
const NEVER_POLL_MILLISECONDS = 10 * 60 * 1000;

describeWithDatabase("idle PostgreSQL workers", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  const stops: (() => Promise<void>)[] = [];
  beforeEach(() => truncate(schema(), ["job_outbox"]));
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  // A worker recording the jobs it ran, and a promise per job that resolves when it ran.
  const startWorker = (options: Partial<PostgresWorkerOptions> = {}) => {
    const observed = observedPool(schema());
    const ran: string[] = [];
    const waiters = new Map<string, () => void>();
    const errors: unknown[] = [];
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: observed.pool,
      process: async (next: Job) => {
        ran.push(next.id);
        waiters.get(next.id)?.();
      },
      onError: (error) => errors.push(error),
      ...options,
    });
    stops.push(() => worker.stop());
    const hasRun = (id: string) =>
      ran.includes(id)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.set(id, resolve));
    return { observed, ran, errors, worker, hasRun };
  };
  const enqueueElsewhere = (id: string) =>
    createPostgresJobQueue(schema().openPool(1), inSchema()).enqueue(job(id));

  it("starts a job enqueued on another connection without waiting for its poll", async () => {
    const worker = startWorker({ pollMilliseconds: NEVER_POLL_MILLISECONDS });
    await worker.observed.nextEmptyLook();
    await enqueueElsewhere("announced");
    await worker.hasRun("announced");
    expect(worker.ran).toEqual(["announced"]);
  });

  it("wakes when the unit of work that enqueued commits", async () => {
    const worker = startWorker({ pollMilliseconds: NEVER_POLL_MILLISECONDS });
    await worker.observed.nextEmptyLook();
    const pool = schema().openPool(1);
    const queue = createPostgresJobQueue(pool, inSchema());
    await atomically(pool, async () => {
      await queue.enqueue(job("first-of-two"));
      await queue.enqueue(job("second-of-two"));
    });
    await Promise.all([worker.hasRun("first-of-two"), worker.hasRun("second-of-two")]);
    expect(worker.ran).toEqual(["first-of-two", "second-of-two"]);
  });

  it("finds jobs whose notification was lost at its next poll, listening or not", async () => {
    const listening = startWorker({ pollMilliseconds: 100 });
    const polling = startWorker({ pollMilliseconds: 100, listen: false });
    await Promise.all([listening.observed.nextEmptyLook(), polling.observed.nextEmptyLook()]);
    // Rows written without a notification, as if it had been lost.
    await schema().pool.query(
      `INSERT INTO ${schema().table("job_outbox")} (id, organization_id, kind, resource_id, hold_id, job)
       SELECT id, 1, 'generation', id, id, jsonb_build_object('id', id, 'kind', 'generation',
         'organizationId', 1, 'resourceId', id, 'holdId', id, 'input', '{}'::jsonb)
       FROM unnest(ARRAY['lost-1', 'lost-2', 'lost-3', 'lost-4']) AS id`,
    );
    const ran = () => [...listening.ran, ...polling.ran];
    while (ran().length < 4) await sleep(20);
    expect(ran().sort()).toEqual(["lost-1", "lost-2", "lost-3", "lost-4"]);
  });

  it("listens again after losing its connection, and is woken as before", async () => {
    const worker = startWorker({ pollMilliseconds: NEVER_POLL_MILLISECONDS });
    await worker.observed.nextEmptyLook();
    const listen = `LISTEN "${schema().name}.job_outbox"; LISTEN "${schema().name}.job_cancel"`;
    const listeners = () =>
      schema().pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE query = $1 AND state = 'idle'",
        [listen],
      );
    const [before] = (await listeners()).rows;
    if (before === undefined) throw new Error("Expected a listening connection.");
    const relistened = worker.observed.nextEmptyLook();
    await schema().pool.query("SELECT pg_terminate_backend($1)", [before.pid]);
    // Listening again wakes the worker once, since announcements may have been missed.
    await relistened;
    // pg_terminate_backend only signals: the lost backend's row may linger a moment, and
    // the new connection's LISTEN may show in pg_stat_activity a moment after the look,
    // so what is checked is that another connection listens within a few seconds.
    const others = async () => (await listeners()).rows.filter((row) => row.pid !== before.pid);
    for (let tries = 0; tries < 100 && (await others()).length === 0; tries += 1) await sleep(50);
    expect(await others()).toHaveLength(1);
    expect(String(worker.errors[0])).toContain("listening for jobs was lost");
    await enqueueElsewhere("after-loss");
    await worker.hasRun("after-loss");
    expect(worker.ran).toEqual(["after-loss"]);
  });

  it("sends 4 statements in 10 s when idle: it listens, then looks at the outbox once", async () => {
    const observed = observedPool(schema());
    const ports = createPostgresPorts(observed.pool, inSchema());
    const worker = ports.startWorker(async () => undefined);
    // A real 10 s window: the figure is what the database would see.
    await sleep(10_000);
    await worker.stop();
    expect(JOB_POLL_FALLBACK_DEFAULT_MILLISECONDS).toBe(30_000);
    // Listening, then one look at the outbox: give up expired last attempts, then pick
    // organizations to serve in each lane (none).
    expect(observed.statements.map((text) => text.split(/\s/)[0])).toEqual([
      "LISTEN",
      "UPDATE",
      "WITH",
      "WITH",
    ]);
  }, 20_000);
});
