/**
 * The lanes of the in-memory queue: renders (exports) run in their own slots with their
 * own cap per organization, so one organization's long exports never hold the slots of
 * another organization's short work, nor every render slot.
 */
import {
  JOB_CONCURRENCY_DEFAULT,
  JOB_LANE_OF_KIND,
  JOB_RENDER_CONCURRENCY_DEFAULT,
  JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
} from "reelkit";
import { createMemoryJobQueue } from "reelkit/memory";
import { describe, expect, it } from "vitest";
import { heldJobs, jobOfKind } from "../support/held-jobs.js";
import { settleMicrotasks } from "../support/job-timeline.js";

const exportOf = (id: string, organizationId: number) =>
  jobOfKind(id, organizationId, "editor_export");
const generationOf = (id: string, organizationId: number) =>
  jobOfKind(id, organizationId, "generation");

describe("memory job queue: lanes", () => {
  it("puts the kinds that render a timeline in the render lane, every other in the standard one", () => {
    expect(JOB_LANE_OF_KIND).toEqual({
      generation: "standard",
      slideshow: "render",
      faceless_video: "render",
      reference_analysis: "standard",
      editor_export: "render",
    });
    expect([
      JOB_CONCURRENCY_DEFAULT,
      JOB_RENDER_CONCURRENCY_DEFAULT,
      JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
    ]).toEqual([4, 2, 1]);
  });

  it("starts another organization's generation at once while one organization's four exports wait", async () => {
    const queue = createMemoryJobQueue();
    const jobs = heldJobs();
    queue.start(jobs.process);
    for (const index of [1, 2, 3, 4]) await queue.enqueue(exportOf(`export-${index}`, 1));
    await queue.enqueue(generationOf("generation", 2));
    await settleMicrotasks();
    // One render of the first organization runs; its other exports wait their turn.
    expect(jobs.running()).toEqual(["export-1", "generation"]);
    expect(queue.pending().map((job) => job.id)).toEqual(["export-2", "export-3", "export-4"]);

    // The second render slot goes to another organization's export at once.
    await queue.enqueue(exportOf("other-export", 2));
    await settleMicrotasks();
    expect(jobs.running()).toEqual(["export-1", "generation", "other-export"]);
    // Short work still has the standard lane's four slots.
    for (const index of [1, 2, 3, 4]) await queue.enqueue(generationOf(`short-${index}`, 3));
    await settleMicrotasks();
    expect(jobs.running()).toHaveLength(2 + 1 + 3);
    jobs.releaseAll();
    await settleMicrotasks();
    expect(jobs.running().sort()).toEqual(["export-2", "short-4"]);
    queue.interrupt();
    const stopped = queue.stop();
    jobs.releaseAll();
    await stopped;
  });

  it("takes the render lane's concurrency and cap from renderLane", async () => {
    const queue = createMemoryJobQueue();
    const jobs = heldJobs();
    queue.start(jobs.process, { renderLane: { concurrency: 3, maxRunningPerOrganization: 2 } });
    for (const index of [1, 2, 3]) await queue.enqueue(exportOf(`export-${index}`, 1));
    await queue.enqueue(exportOf("other-export", 2));
    await settleMicrotasks();
    expect(jobs.running()).toEqual(["export-1", "export-2", "other-export"]);
    const stopped = queue.stop();
    jobs.releaseAll();
    await stopped;
    expect(() => queue.start(jobs.process, { renderLane: { concurrency: 0 } })).toThrow(
      "renderLane.concurrency must be a whole number of at least 1, got 0.",
    );
    expect(() =>
      queue.start(jobs.process, { renderLane: { maxRunningPerOrganization: 1.5 } }),
    ).toThrow(RangeError);
  });

  it("runs pending jobs of both lanes one at a time, in arrival order", async () => {
    const queue = createMemoryJobQueue();
    await queue.enqueue(exportOf("export", 1));
    await queue.enqueue(generationOf("generation", 1));
    await queue.enqueue(exportOf("second-export", 1));
    const ran: string[] = [];
    expect(await queue.runPending(async (job) => void ran.push(job.id))).toBe(3);
    expect(ran).toEqual(["export", "generation", "second-export"]);
  });
});
