import fc from "fast-check";
import type { Job } from "reelkit";
import {
  claimJobs,
  createPostgresJobQueue,
  failJob,
  JOB_RETRY_BACKOFF_DEFAULT,
  jobRetryDelayMilliseconds,
  type RetryBackoff,
  retryCeilingMilliseconds,
  runPostgresWorker,
} from "reelkit/postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";
import { truncate } from "./support/tables.js";

const HOUR = 60 * 60 * 1000;

describe("the retry backoff of failed jobs", () => {
  it("grows the ceiling from 5 s by a factor of 2 up to 5 minutes", () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 100, 5000].map((attempt) =>
      retryCeilingMilliseconds(attempt, JOB_RETRY_BACKOFF_DEFAULT),
    );
    expect(ceilings).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000, 300_000,
    ]);
  });

  it("draws the whole delay below the ceiling (full jitter), from 0 up", () => {
    const backoff = JOB_RETRY_BACKOFF_DEFAULT;
    expect(jobRetryDelayMilliseconds(1, backoff, () => 0)).toBe(0);
    expect(jobRetryDelayMilliseconds(1, backoff, () => 0.5)).toBe(2500);
    expect(jobRetryDelayMilliseconds(3, backoff, () => 0.5)).toBe(10_000);
    expect(jobRetryDelayMilliseconds(1, backoff, () => 1 - Number.EPSILON)).toBe(4999);
    expect(jobRetryDelayMilliseconds(9, backoff, () => 1 - Number.EPSILON)).toBe(299_999);
  });

  it("stays a whole number in [0, ceiling) for any attempt, shape and draw", () => {
    const shapes = fc.record({
      baseMilliseconds: fc.integer({ min: 0, max: 60_000 }),
      factor: fc.double({ min: 1, max: 10, noNaN: true }),
      extra: fc.integer({ min: 0, max: 24 * HOUR }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        shapes,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, { baseMilliseconds, factor, extra }, draw) => {
          const backoff: RetryBackoff = {
            baseMilliseconds,
            factor,
            capMilliseconds: baseMilliseconds + extra,
          };
          const ceiling = retryCeilingMilliseconds(attempt, backoff);
          const delay = jobRetryDelayMilliseconds(attempt, backoff, () => draw);
          expect(Number.isSafeInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(Math.max(0, Math.ceil(ceiling) - 1));
          expect(ceiling).toBeLessThanOrEqual(backoff.capMilliseconds);
        },
      ),
      { seed: 20260601, numRuns: 500 },
    );
  });

  it("spreads jobs that failed together over the whole window", () => {
    let state = 7;
    // A fixed linear congruential source, so the spread is the same on every run.
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const delays = Array.from({ length: 1000 }, () =>
      jobRetryDelayMilliseconds(2, JOB_RETRY_BACKOFF_DEFAULT, random),
    );
    const quarters = [0, 1, 2, 3].map(
      (quarter) => delays.filter((delay) => Math.floor(delay / 2500) === quarter).length,
    );
    for (const count of quarters) expect(count).toBeGreaterThan(200);
  });

  it("refuses an attempt before the first, a shrinking backoff and a draw outside [0, 1)", () => {
    const backoff = JOB_RETRY_BACKOFF_DEFAULT;
    expect(() => retryCeilingMilliseconds(0, backoff)).toThrow(RangeError);
    expect(() => retryCeilingMilliseconds(1.5, backoff)).toThrow(RangeError);
    expect(() => retryCeilingMilliseconds(1, { ...backoff, factor: 0.5 })).toThrow(RangeError);
    expect(() => retryCeilingMilliseconds(1, { ...backoff, capMilliseconds: 1 })).toThrow(
      RangeError,
    );
    expect(() => jobRetryDelayMilliseconds(1, backoff, () => 1)).toThrow(RangeError);
    expect(() => jobRetryDelayMilliseconds(1, backoff, () => -0.1)).toThrow(RangeError);
  });
});

describeWithDatabase("PostgreSQL retries with backoff", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  beforeEach(() => truncate(schema(), ["job_outbox"]));
  // How long the job waits from now before it may be claimed again, in milliseconds.
  const waitOf = async (id: string): Promise<number> => {
    const { rows } = await schema().pool.query(
      `SELECT extract(epoch FROM available_at - now()) * 1000 AS wait
       FROM ${schema().table("job_outbox")} WHERE id = $1 AND state = 'queued'`,
      [id],
    );
    return Number(rows[0]?.wait);
  };
  const backoff: RetryBackoff = { baseMilliseconds: HOUR, factor: 3, capMilliseconds: 24 * HOUR };

  it("queues a failed job again after a delay drawn from the backoff of its attempt", async () => {
    await createPostgresJobQueue(schema().pool, inSchema()).enqueue(job("j1"));
    const options = { ...inSchema(), workerId: "w1", limit: 1, leaseMilliseconds: 60_000 };
    const [first] = await claimJobs(schema().pool, options);
    if (first === undefined) throw new Error("Expected a claim.");
    const failing = { ...inSchema(), retryBackoff: backoff, random: () => 0.5 };
    expect(await failJob(schema().pool, first, { ...failing, error: new Error("boom") })).toBe(
      "requeued",
    );
    // Attempt 1: half of the 1-hour ceiling (less the moments since the update).
    const firstWait = await waitOf("j1");
    expect(firstWait).toBeLessThanOrEqual(HOUR / 2);
    expect(firstWait).toBeGreaterThan(HOUR / 2 - 60_000);
    // End the wait by hand, claim the job again and fail attempt 2: its ceiling is 3 hours.
    await schema().pool.query(
      `UPDATE ${schema().table("job_outbox")} SET available_at = now() WHERE id = 'j1'`,
    );
    const [second] = await claimJobs(schema().pool, options);
    if (second === undefined) throw new Error("Expected a second claim.");
    await failJob(schema().pool, second, { ...failing, error: new Error("boom") });
    const secondWait = await waitOf("j1");
    expect(secondWait).toBeLessThanOrEqual((3 * HOUR) / 2);
    expect(secondWait).toBeGreaterThan((3 * HOUR) / 2 - 60_000);
  });

  it("retries a failed job at the delay the worker's random source draws", async () => {
    await createPostgresJobQueue(schema().pool, inSchema()).enqueue(job("soon"));
    let calls = 0;
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: schema().pool,
      // A draw of 0 retries at once; the poll is far away, so the worker looks again
      // because it knows when its own retry is due.
      random: () => 0,
      pollMilliseconds: HOUR,
      onError: () => undefined,
      process: async (_next: Job) => {
        calls += 1;
        if (calls === 1) throw new Error("transient");
      },
    });
    while (calls < 2) await sleep(10);
    await worker.stop();
    const { rows } = await schema().pool.query(
      `SELECT state, attempts, last_error FROM ${schema().table("job_outbox")}`,
    );
    expect(rows).toEqual([{ state: "done", attempts: 2, last_error: "transient" }]);
  });
});
