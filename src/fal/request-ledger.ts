/**
 * Where a job's fal request is remembered between its runs, so a job run again (after a
 * crash, a lost claim, a worker that stopped) picks up the request it already submitted
 * instead of submitting (and paying for) another: fal's queue takes no idempotency key.
 *
 * @module
 */
import type { Job } from "../ports/jobs.js";
import type { MediaStorage } from "../ports/media-storage.js";

/** A submitted request of fal's queue. */
export interface FalRequestRef {
  /** The endpoint it was submitted to. */
  readonly endpoint: string;
  /** fal's request id. */
  readonly requestId: string;
}

/** Remembers each job's submitted request until its outcome is recorded. */
export interface FalRequestLedger {
  /** The request the job submitted in an earlier run, or undefined. */
  get(job: Job): Promise<FalRequestRef | undefined>;
  /** Remembers the request the job just submitted. */
  put(job: Job, request: FalRequestRef): Promise<void>;
  /** Forgets the job's request once it ended, either way. */
  delete(job: Job): Promise<void>;
}

const keyOf = (job: Job) => `generated/${job.organizationId}/fal-requests/${job.id}.json`;

/**
 * A ledger kept as small JSON objects in the media storage, under the job's id: every
 * worker that shares the storage (an S3 bucket) shares the ledger, and no table is
 * needed.
 *
 * @example
 * ```ts
 * const ledger = createStorageFalRequestLedger(ports.mediaStorage);
 * ```
 */
export function createStorageFalRequestLedger(storage: MediaStorage): FalRequestLedger {
  return {
    async get(job) {
      const reader = await storage.open(keyOf(job));
      if (reader === undefined) return undefined;
      const parsed: unknown = JSON.parse(await new Response(reader.stream()).text());
      const { endpoint, requestId } = (parsed ?? {}) as Partial<FalRequestRef>;
      return typeof endpoint === "string" && typeof requestId === "string"
        ? { endpoint, requestId }
        : undefined;
    },
    async put(job, request) {
      const bytes = new TextEncoder().encode(JSON.stringify(request));
      await storage.put(keyOf(job), bytes, { contentType: "application/json" });
    },
    delete: (job) => storage.delete(keyOf(job)),
  };
}
