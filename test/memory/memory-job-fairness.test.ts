import fc from "fast-check";
import { JOB_CONCURRENCY_DEFAULT, JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT } from "reelkit";
import { createMemoryJobQueue, type MemoryJobQueueStartOptions } from "reelkit/memory";
import { describe, expect, it } from "vitest";
import { createJobTimeline, type JobTimeline, jobOf, startOf } from "../support/job-timeline.js";

type MemoryJobQueue = ReturnType<typeof createMemoryJobQueue>;

const DURATION = 1000;
const BACKLOG = 5000;

async function startedQueue(timeline: JobTimeline, options: MemoryJobQueueStartOptions = {}) {
  const queue = createMemoryJobQueue();
  queue.start(timeline.work, options);
  return queue;
}

async function enqueueBacklog(queue: MemoryJobQueue, organizationId: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    await queue.enqueue(jobOf(`org${organizationId}-${index}`, organizationId));
  }
}

// Stops the queue; the jobs still running finish within one more job duration.
async function stopQueue(queue: MemoryJobQueue, timeline: JobTimeline): Promise<void> {
  const stopped = queue.stop();
  await timeline.advance(DURATION);
  await stopped;
}

// Advances one job duration at a time until `id` starts; its delay in job durations.
async function delayInDurations(timeline: JobTimeline, id: string, enqueuedAt: number) {
  for (let step = 0; startOf(timeline, id) === undefined && step < BACKLOG; step += 1) {
    await timeline.advance(DURATION);
  }
  const start = startOf(timeline, id);
  if (start === undefined) throw new Error(`${id} never started.`);
  return (start.atMilliseconds - enqueuedAt) / DURATION;
}

describe("memory job queue: fairness between organizations", () => {
  it("starts another organization's job within one job duration of a 5,000-job backlog", async () => {
    const timeline = createJobTimeline(DURATION);
    const queue = await startedQueue(timeline);
    await enqueueBacklog(queue, 1, BACKLOG);
    await queue.enqueue(jobOf("newcomer", 2));
    expect(timeline.running()).toHaveLength(JOB_CONCURRENCY_DEFAULT);
    const delay = await delayInDurations(timeline, "newcomer", 0);
    // First in, first out across organizations, it waited 5,000 / 4 = 1,250 durations.
    expect(delay).toBe(1);
    // The slot it took was the first one freed; the backlog kept the other three.
    expect(timeline.starts.slice(JOB_CONCURRENCY_DEFAULT).map((start) => start.id)).toEqual([
      "newcomer",
      "org1-4",
      "org1-5",
      "org1-6",
    ]);
    await stopQueue(queue, timeline);
  });

  it("starts a job that arrives mid-way through the backlog's jobs at the next free slot", async () => {
    const timeline = createJobTimeline(DURATION);
    const queue = await startedQueue(timeline);
    await enqueueBacklog(queue, 1, BACKLOG);
    await timeline.advance(DURATION * 2.5);
    await queue.enqueue(jobOf("late", 2));
    const delay = await delayInDurations(timeline, "late", timeline.now());
    expect(delay).toBe(0.5);
    await stopQueue(queue, timeline);
  });

  it("lets organizations with backlogs take turns, even one slot at a time", async () => {
    const timeline = createJobTimeline(DURATION);
    const queue = await startedQueue(timeline, { concurrency: 1 });
    await enqueueBacklog(queue, 1, 100);
    await enqueueBacklog(queue, 2, 3);
    await enqueueBacklog(queue, 3, 2);
    await timeline.advance(DURATION * 8);
    expect(timeline.starts.map((start) => start.organizationId)).toEqual([
      1, 2, 3, 1, 2, 3, 1, 2, 1,
    ]);
    await stopQueue(queue, timeline);
  });

  it("caps one organization's running jobs and leaves the other slots to the rest", async () => {
    const timeline = createJobTimeline(DURATION);
    const queue = await startedQueue(timeline, { concurrency: 4, maxRunningPerOrganization: 2 });
    await enqueueBacklog(queue, 1, 10);
    // Alone, it runs two jobs and two slots stay free.
    expect(timeline.running().map((job) => job.organizationId)).toEqual([1, 1]);
    await queue.enqueue(jobOf("second", 2));
    // The newcomer starts at once, in a slot the cap kept free.
    expect(startOf(timeline, "second")?.atMilliseconds).toBe(0);
    await enqueueBacklog(queue, 3, 10);
    expect(
      timeline
        .running()
        .map((job) => job.organizationId)
        .sort(),
    ).toEqual([1, 1, 2, 3]);
    await timeline.advance(DURATION);
    expect(
      timeline
        .running()
        .map((job) => job.organizationId)
        .sort(),
    ).toEqual([1, 1, 3, 3]);
    await stopQueue(queue, timeline);
  });

  it("refuses a concurrency or cap below one", () => {
    const queue = createMemoryJobQueue();
    const work = async () => undefined;
    expect(() => queue.start(work, { concurrency: 0 })).toThrow(RangeError);
    expect(() => queue.start(work, { maxRunningPerOrganization: 0 })).toThrow(RangeError);
    expect(() => queue.start(work, { maxRunningPerOrganization: 1.5 })).toThrow(RangeError);
    expect(JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT).toBe(20);
  });

  it("keeps the queue order of one organization and reports pending jobs oldest first", async () => {
    const queue = createMemoryJobQueue();
    await queue.enqueue(jobOf("a1", 1));
    await queue.enqueue(jobOf("b1", 2));
    await queue.enqueue(jobOf("a2", 1));
    expect(queue.pending().map((job) => job.id)).toEqual(["a1", "b1", "a2"]);
    const ran: string[] = [];
    await queue.runPending(async (job) => {
      ran.push(job.id);
    });
    expect(ran).toEqual(["a1", "b1", "a2"]);
  });

  it("holds its laws for any backlog, arrival time, concurrency and cap", async () => {
    // Laws: never more than the concurrency or the cap running; no slot idle while a
    // job that may run waits; a newcomer with nothing running waits at most one job.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        async (backlog, arrivalQuarters, concurrency, cap) => {
          const timeline = createJobTimeline(DURATION);
          const queue = await startedQueue(timeline, {
            concurrency,
            maxRunningPerOrganization: cap,
          });
          await enqueueBacklog(queue, 1, backlog);
          await timeline.advance((arrivalQuarters * DURATION) / 4);
          const arrival = timeline.now();
          await queue.enqueue(jobOf("newcomer", 2));
          for (let step = 0; step < 8; step += 1) {
            const running = timeline.running();
            const ofFirst = running.filter((job) => job.organizationId === 1).length;
            expect(running.length).toBeLessThanOrEqual(concurrency);
            expect(ofFirst).toBeLessThanOrEqual(cap);
            const runnable = queue
              .pending()
              .some((job) => job.organizationId !== 1 || ofFirst < cap);
            if (runnable) expect(running.length).toBe(concurrency);
            await timeline.advance(DURATION / 4);
          }
          const start = startOf(timeline, "newcomer");
          expect(start).toBeDefined();
          expect((start?.atMilliseconds ?? 0) - arrival).toBeLessThanOrEqual(DURATION);
          await stopQueue(queue, timeline);
        },
      ),
      { seed: 20261201, numRuns: 120 },
    );
  });
});
