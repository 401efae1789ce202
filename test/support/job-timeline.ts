/**
 * Jobs on a timeline the test controls: each job lasts `durationMilliseconds` of a manual
 * clock, and only advancing the clock finishes it. A fairness test then reads when each
 * job started in virtual time, with no real waiting and no timed assertion.
 */

import type { Job } from "reelkit";
import { createManualClock } from "reelkit";
import { toOrganizationId } from "../../src/organization-id.js";

/** When a job started, in virtual milliseconds, and for whom. */
export interface JobStart {
  readonly id: string;
  readonly organizationId: number;
  readonly atMilliseconds: number;
}

/** A worker whose jobs last a fixed virtual time. */
export interface JobTimeline {
  /** Runs one job: records its start, then waits one job duration of virtual time. */
  readonly work: (job: Job) => Promise<void>;
  /** Every start so far, in order. */
  readonly starts: JobStart[];
  /** Jobs started and not finished. */
  running(): readonly Job[];
  /** The virtual time. */
  now(): number;
  /**
   * Moves virtual time forward event by event: at each moment a job ends, it finishes,
   * and the queue is given time to start the next ones (`settle`) before time moves on.
   */
  advance(milliseconds: number): Promise<void>;
}

/** Lets every settled job hand its slot on: the pending promise callbacks run first. */
export const settleMicrotasks = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));

/**
 * A timeline at virtual time 0 whose jobs each last `durationMilliseconds`. `settle`
 * resolves once the queue has reacted to finished jobs; for a queue in this process the
 * pending promise callbacks are enough, a database worker needs to be waited for.
 */
export function createJobTimeline(
  durationMilliseconds: number,
  settle: () => Promise<void> = settleMicrotasks,
): JobTimeline {
  const clock = createManualClock(0);
  const starts: JobStart[] = [];
  const active = new Map<string, { job: Job; endsAt: number; finish: () => void }>();
  return {
    starts,
    work(job) {
      starts.push({ id: job.id, organizationId: job.organizationId, atMilliseconds: clock.now() });
      return new Promise((resolve) => {
        active.set(job.id, { job, endsAt: clock.now() + durationMilliseconds, finish: resolve });
      });
    },
    running: () => [...active.values()].map((entry) => entry.job),
    now: () => clock.now(),
    async advance(milliseconds) {
      const target = clock.now() + milliseconds;
      for (;;) {
        const ends = [...active.values()].map((entry) => entry.endsAt);
        const next = Math.min(...ends);
        if (ends.length === 0 || next > target) break;
        clock.set(next);
        for (const [id, entry] of active) {
          if (entry.endsAt > next) continue;
          active.delete(id);
          entry.finish();
        }
        await settle();
      }
      clock.set(target);
    },
  };
}

/** A generation job of `organizationId`. */
export function jobOf(id: string, organizationId: number): Job {
  const owner = toOrganizationId(organizationId);
  return { id, kind: "generation", organizationId: owner, resourceId: id, holdId: id, input: {} };
}

/** The start of job `id`, or undefined while it waits. */
export function startOf(timeline: JobTimeline, id: string): JobStart | undefined {
  return timeline.starts.find((start) => start.id === id);
}
