/**
 * Waiting jobs kept in one line per organization, and the rule that picks which line
 * starts next: among the organizations below their running cap, the one with the fewest
 * running jobs; on a tie, the one whose turn came longest ago (never is longest); then
 * the one whose first job has waited longest. So an organization with nothing running
 * takes the next free slot whatever another has queued, and organizations that all have
 * backlogs take turns.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { Job } from "../ports/jobs.js";

interface WaitingJob {
  readonly job: Job;
  // Arrival order across every line, for `jobs()` and for ties between lines.
  readonly sequence: number;
}

interface Line {
  readonly waiting: WaitingJob[];
  // Index of the first waiting job: shifting a long array is quadratic over a backlog.
  head: number;
  running: number;
  // When this organization last started a job (a counter, 0 for never).
  lastTurn: number;
}

/** The waiting and running jobs of every organization. */
export interface OrganizationLines {
  /** Jobs waiting, over every line. */
  readonly waitingCount: number;
  /** Jobs started and not yet finished, over every line. */
  readonly runningCount: number;
  /** Puts a job at the end of its organization's line. */
  add(job: Job): void;
  /** The job {@link OrganizationLines.start} would take now, left waiting. */
  peek(maxRunningPerOrganization: number): Job | undefined;
  /**
   * Takes the next job to start, counting it as running, or undefined when every line
   * is empty or at `maxRunningPerOrganization`.
   */
  start(maxRunningPerOrganization: number): Job | undefined;
  /** Counts a started job as finished. */
  finish(job: Job): void;
  /** Every waiting job, in arrival order. */
  jobs(): Job[];
}

function isBefore(line: Line, best: Line): boolean {
  if (line.running !== best.running) return line.running < best.running;
  if (line.lastTurn !== best.lastTurn) return line.lastTurn < best.lastTurn;
  return (line.waiting[line.head]?.sequence ?? 0) < (best.waiting[best.head]?.sequence ?? 0);
}

/** Creates empty lines. */
export function createOrganizationLines(): OrganizationLines {
  const lines = new Map<number, Line>();
  let sequence = 0;
  let turn = 0;
  let waitingCount = 0;
  let runningCount = 0;

  const pick = (maxRunning: number): Line | undefined => {
    let best: Line | undefined;
    for (const line of lines.values()) {
      if (line.head === line.waiting.length || line.running >= maxRunning) continue;
      if (best === undefined || isBefore(line, best)) best = line;
    }
    return best;
  };
  // A line with nothing waiting or running is forgotten, so the map stays as small as
  // the set of busy organizations; one that comes back starts with a fresh turn.
  const forgetIfIdle = (organizationId: OrganizationId, line: Line): void => {
    if (line.head === line.waiting.length && line.running === 0) lines.delete(organizationId);
  };

  return {
    get waitingCount() {
      return waitingCount;
    },
    get runningCount() {
      return runningCount;
    },
    add(job) {
      let line = lines.get(job.organizationId);
      if (line === undefined) {
        line = { waiting: [], head: 0, running: 0, lastTurn: 0 };
        lines.set(job.organizationId, line);
      }
      sequence += 1;
      line.waiting.push({ job, sequence });
      waitingCount += 1;
    },
    peek(maxRunningPerOrganization) {
      const line = pick(maxRunningPerOrganization);
      return line?.waiting[line.head]?.job;
    },
    start(maxRunningPerOrganization) {
      const line = pick(maxRunningPerOrganization);
      const next = line?.waiting[line.head];
      if (line === undefined || next === undefined) return undefined;
      line.head += 1;
      if (line.head === line.waiting.length) {
        line.waiting.length = 0;
        line.head = 0;
      }
      turn += 1;
      line.lastTurn = turn;
      line.running += 1;
      waitingCount -= 1;
      runningCount += 1;
      return next.job;
    },
    finish(job) {
      const line = lines.get(job.organizationId);
      if (line === undefined || line.running === 0) {
        throw new Error(`Job ${job.id} finished without having started.`);
      }
      line.running -= 1;
      runningCount -= 1;
      forgetIfIdle(job.organizationId, line);
    },
    jobs() {
      return [...lines.values()]
        .flatMap((line) => line.waiting.slice(line.head))
        .sort((left, right) => left.sequence - right.sequence)
        .map((waiting) => waiting.job);
    },
  };
}
