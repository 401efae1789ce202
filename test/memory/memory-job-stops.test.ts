/**
 * Stopping running jobs of the in-memory queue: a cancelled hold's running job has its
 * signal aborted and no other; an interrupt aborts every running job for good (this queue
 * keeps nothing across a restart) and leaves waiting jobs queued.
 */
import { type Job, type JobRunOptions, type JobStop, jobStopOf } from "reelkit";
import { createMemoryJobQueue } from "reelkit/memory";
import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { jobOf, settleMicrotasks } from "../support/job-timeline.js";

// A worker whose jobs run until their signal aborts, recording each one's stop.
function abortableWork() {
  const stops = new Map<string, JobStop | undefined>();
  const started: string[] = [];
  const work = (job: Job, { signal }: JobRunOptions) =>
    new Promise<void>((resolve) => {
      started.push(job.id);
      signal?.addEventListener("abort", () => {
        stops.set(job.id, jobStopOf(signal));
        resolve();
      });
    });
  return { work, stops, started };
}

describe("memory job queue: stopping running jobs", () => {
  it("aborts the running job of a cancelled hold, and only that one", async () => {
    const queue = createMemoryJobQueue();
    const { work, stops, started } = abortableWork();
    queue.start(work);
    await queue.enqueue(jobOf("replaced", 1));
    await queue.enqueue(jobOf("kept", 1));
    await queue.enqueue(jobOf("other-organization", 2));
    await settleMicrotasks();
    expect(started).toEqual(["replaced", "kept", "other-organization"]);
    await queue.cancel({ organizationId: toOrganizationId(1), holdId: "replaced" });
    await queue.cancel({ organizationId: toOrganizationId(2), holdId: "replaced" });
    await settleMicrotasks();
    expect([...stops]).toEqual([["replaced", { kind: "cancelled" }]]);
    queue.interrupt();
    await queue.stop();
  });

  it("interrupts every running job for good, and leaves the waiting ones queued", async () => {
    const queue = createMemoryJobQueue();
    const { work, stops } = abortableWork();
    queue.start(work, { concurrency: 2 });
    for (const id of ["a", "b", "c"]) await queue.enqueue(jobOf(id, 1));
    await settleMicrotasks();
    const stopped = queue.stop();
    queue.interrupt();
    await stopped;
    const interrupted: JobStop = { kind: "interrupted", resumed: false };
    expect([...stops]).toEqual([
      ["a", interrupted],
      ["b", interrupted],
    ]);
    expect(queue.pending().map((job) => job.id)).toEqual(["c"]);
  });
});
