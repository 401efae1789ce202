/**
 * The waiting and running jobs of an in-memory queue, kept per lane (see `JobLane`):
 * each lane has its own organization lines, so a lane's slots and per-organization cap
 * count its own jobs only, and renders never hold the slots of short work.
 *
 * @module
 */
import {
  JOB_LANE_OF_KIND,
  JOB_LANES,
  type Job,
  type JobLane,
  type JobLaneLimits,
} from "../ports/jobs.js";
import { createOrganizationLines, type OrganizationLines } from "./organization-lines.js";

/** Every lane's lines. */
export interface JobLanes {
  /** Jobs waiting, over every lane. */
  readonly waitingCount: number;
  /** Jobs started and not yet finished, over every lane. */
  readonly runningCount: number;
  /** Puts a job at the end of its organization's line in its kind's lane. */
  add(job: Job): void;
  /**
   * Takes the next job of `lane` to start within its limits, counting it as running, or
   * undefined when the lane has no free slot or nothing it may start.
   */
  startIn(lane: JobLane, limits: JobLaneLimits): Job | undefined;
  /**
   * Takes the next job to run alone, whatever its lane: the one waiting longest among
   * the jobs each lane would start next, organizations taking turns within a lane.
   */
  startAlone(): Job | undefined;
  /** Counts a started job as finished. */
  finish(job: Job): void;
  /** Every waiting job, in arrival order. */
  jobs(): Job[];
}

/** Creates empty lanes. */
export function createJobLanes(): JobLanes {
  const lines = Object.fromEntries(
    JOB_LANES.map((lane) => [lane, createOrganizationLines()]),
  ) as Record<JobLane, OrganizationLines>;
  const laneOf = (job: Job): OrganizationLines => lines[JOB_LANE_OF_KIND[job.kind]];
  // Arrival order across lanes, for `jobs()` and `startAlone`.
  const arrival = new WeakMap<Job, number>();
  let arrived = 0;
  const sum = (count: (each: OrganizationLines) => number) =>
    JOB_LANES.reduce((total, lane) => total + count(lines[lane]), 0);
  const order = (job: Job): number => arrival.get(job) ?? 0;

  return {
    get waitingCount() {
      return sum((each) => each.waitingCount);
    },
    get runningCount() {
      return sum((each) => each.runningCount);
    },
    add(job) {
      arrived += 1;
      arrival.set(job, arrived);
      laneOf(job).add(job);
    },
    startIn(lane, limits) {
      const laneLines = lines[lane];
      if (laneLines.runningCount >= limits.concurrency) return undefined;
      return laneLines.start(limits.maxRunningPerOrganization);
    },
    startAlone() {
      let oldest: JobLane | undefined;
      for (const lane of JOB_LANES) {
        const next = lines[lane].peek(Number.POSITIVE_INFINITY);
        const best =
          oldest === undefined ? undefined : lines[oldest].peek(Number.POSITIVE_INFINITY);
        if (next !== undefined && (best === undefined || order(next) < order(best))) oldest = lane;
      }
      return oldest === undefined ? undefined : lines[oldest].start(Number.POSITIVE_INFINITY);
    },
    finish(job) {
      laneOf(job).finish(job);
    },
    jobs() {
      return JOB_LANES.flatMap((lane) => lines[lane].jobs()).sort((a, b) => order(a) - order(b));
    },
  };
}
