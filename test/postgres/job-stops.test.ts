/**
 * Stopping running jobs on PostgreSQL: a cancelled job's signal aborts at once through
 * the job cancels channel, or at the claim's next renewal when the worker does not
 * listen; a job whose claim was lost stops to be resumed; an interrupted worker hands
 * its running jobs back to the outbox, runnable at once and their attempts not counted.
 */
import type { Job, JobRunOptions, JobStop } from "reelkit";
import { JobInterruptedError, jobStopOf } from "reelkit";
import {
  createPostgresJobQueue,
  type PostgresWorkerOptions,
  runPostgresWorker,
} from "reelkit/postgres";
import { afterEach, beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

// Far longer than any test here runs: whatever stops a job here is not a poll.
const NEVER_POLL_MILLISECONDS = 10 * 60 * 1000;

describeWithDatabase("stopping running PostgreSQL jobs", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  const stops: (() => Promise<void>)[] = [];
  beforeEach(() => truncate(schema(), ["job_outbox"]));
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  // A worker whose jobs run until their signal aborts; each run's stop, by job id.
  const startWorker = (options: Partial<PostgresWorkerOptions> = {}) => {
    const started = new Map<string, () => void>();
    const stopped = new Map<string, JobStop | undefined>();
    const errors: unknown[] = [];
    const process = (next: Job, { signal }: JobRunOptions = {}) =>
      new Promise<void>((resolve, reject) => {
        started.get(next.id)?.();
        signal?.addEventListener("abort", () => {
          const stop = jobStopOf(signal);
          stopped.set(next.id, stop);
          if (stop?.kind === "interrupted" && stop.resumed) reject(new JobInterruptedError(next));
          else resolve();
        });
      });
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: schema().openPool(3),
      process,
      pollMilliseconds: NEVER_POLL_MILLISECONDS,
      onError: (error) => errors.push(error),
      ...options,
    });
    stops.push(async () => {
      worker.interrupt();
      await worker.stop();
    });
    const running = (id: string) => new Promise<void>((resolve) => started.set(id, resolve));
    const stopOf = async (id: string): Promise<JobStop | undefined> => {
      while (!stopped.has(id)) await sleep(5);
      return stopped.get(id);
    };
    return { worker, running, stopOf, errors };
  };
  const queue = () => createPostgresJobQueue(schema().openPool(1), inSchema());
  const outboxRow = async (id: string) => {
    const { rows } = await schema().pool.query(
      `SELECT state, attempts, claimed_by, available_at <= now() AS runnable
       FROM ${schema().table("job_outbox")} WHERE id = $1`,
      [id],
    );
    return rows[0];
  };

  it("aborts a cancelled job's signal at once, named on the job cancels channel", async () => {
    const worker = startWorker();
    const running = worker.running("render");
    await queue().enqueue(job("render"));
    await running;
    await queue().cancel({ organizationId: toOrganizationId(1), holdId: "render" });
    expect(await worker.stopOf("render")).toEqual({ kind: "cancelled" });
    // The run ended on its own terms: the job is done, not failed.
    while ((await outboxRow("render")).state !== "done") await sleep(5);
  });

  it("aborts a cancelled job at its claim's renewal when the worker does not listen", async () => {
    const worker = startWorker({ listen: false, pollMilliseconds: 20, leaseMilliseconds: 1500 });
    const running = worker.running("render");
    await queue().enqueue(job("render"));
    await running;
    await queue().cancel({ organizationId: toOrganizationId(1), holdId: "render" });
    expect(await worker.stopOf("render")).toEqual({ kind: "cancelled" });
  });

  it("leaves other jobs of the organization running", async () => {
    const worker = startWorker();
    const first = worker.running("kept");
    const second = worker.running("cancelled");
    await queue().enqueue(job("kept"));
    await queue().enqueue(job("cancelled"));
    await Promise.all([first, second]);
    await queue().cancel({ organizationId: toOrganizationId(1), holdId: "cancelled" });
    expect(await worker.stopOf("cancelled")).toEqual({ kind: "cancelled" });
    await sleep(50);
    expect((await outboxRow("kept")).state).toBe("claimed");
  });

  it("stops a job whose claim another worker took over, to be resumed there", async () => {
    const worker = startWorker({ listen: false, pollMilliseconds: 20, leaseMilliseconds: 1500 });
    const running = worker.running("taken");
    await queue().enqueue(job("taken"));
    await running;
    await schema().pool.query(
      `UPDATE ${schema().table("job_outbox")} SET claimed_by = 'another-worker' WHERE id = 'taken'`,
    );
    expect(await worker.stopOf("taken")).toEqual({ kind: "interrupted", resumed: true });
    // The other worker's claim is left as it is.
    await sleep(50);
    expect(await outboxRow("taken")).toMatchObject({
      state: "claimed",
      claimed_by: "another-worker",
    });
  });

  it("hands interrupted jobs back to the outbox, runnable at once, their attempt not counted", async () => {
    const first = startWorker();
    const running = first.running("interrupted");
    await queue().enqueue(job("interrupted"));
    await running;
    expect(await outboxRow("interrupted")).toMatchObject({ state: "claimed", attempts: 1 });
    // Another host's idle worker, which has looked at the outbox and found nothing to run.
    const other = startWorker();
    const resumed = other.running("interrupted");
    await sleep(200);

    const stopping = first.worker.stop();
    first.worker.interrupt();
    await stopping;
    expect(await first.stopOf("interrupted")).toEqual({ kind: "interrupted", resumed: true });
    expect(first.errors).toEqual([]);
    // The hand-back wakes the other worker, which takes the job without waiting for a poll.
    await resumed;
    expect(await outboxRow("interrupted")).toMatchObject({ state: "claimed", attempts: 1 });
  });

  it("hands an interrupted job back as queued when no worker is left to take it", async () => {
    const only = startWorker();
    const running = only.running("left");
    await queue().enqueue(job("left"));
    await running;
    const stopping = only.worker.stop();
    only.worker.interrupt();
    await stopping;
    expect(await outboxRow("left")).toMatchObject({
      state: "queued",
      attempts: 0,
      claimed_by: null,
      runnable: true,
    });
  });
});
