/**
 * Jobs that run until the test ends them, so what runs at once can be read, and jobs of
 * each lane: exports (render lane) and generations (standard lane).
 */
import type { Job, JobKind } from "reelkit";
import { toOrganizationId } from "../../src/organization-id.js";

/** A job of `kind` of `organizationId`, its hold named after it. */
export function jobOfKind(id: string, organizationId: number, kind: JobKind): Job {
  const owner = toOrganizationId(organizationId);
  return { id, kind, organizationId: owner, resourceId: id, holdId: id, input: {} };
}

/** Jobs that run until released. */
export interface HeldJobs {
  /** The ids of the jobs running now, in the order they started. */
  running(): string[];
  /** Runs a job until it is released. */
  readonly process: (job: Job) => Promise<void>;
  /** Ends every running job. */
  releaseAll(): void;
}

/** Jobs that run until released. */
export function heldJobs(): HeldJobs {
  const running = new Map<string, () => void>();
  return {
    running: () => [...running.keys()],
    process: (job) =>
      new Promise<void>((resolve) => {
        running.set(job.id, resolve);
      }).finally(() => running.delete(job.id)),
    releaseAll() {
      for (const release of [...running.values()]) release();
    },
  };
}

/** Resolves once `condition` holds, looking every 5 ms; throws after 10 s. */
export async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 2000) throw new Error("The condition never held.");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
