/**
 * The analysis of a saved reference inspiration. Saving a held reference queues it: if
 * either step fails the hold is released (a failed request charges nothing) and a saved
 * reference is marked `failed`, so no reference stays `queued` for work that will never
 * run. Its job then moves it `queued` → `analyzing` when a worker takes it, then `ready`
 * (usable as `custom_reference_inspiration_id`) or `failed` with the provider's message
 * in `analysis_error`; a finished analysis never moves again.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job } from "../../ports/jobs.js";
import type { ReferenceRecord } from "../../ports/records.js";
import { type JobRecordHandler, jobStartOf } from "../jobs/job-record-handler.js";
import type { Caller } from "../pipeline/authorize.js";
import { releaseHolds } from "../pipeline/credits.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { isAnalysisFinished, withAnalysisStatus } from "./reference-record.js";

/** The `analysis_error` of a reference whose analysis could not be queued. */
export const NOT_QUEUED_ANALYSIS_ERROR =
  "The analysis could not be queued; the credits were returned. Save the reference again.";

function queueFailure(message: string): Step<never> {
  return halt(apiError("server_error", message, { retryable: true }));
}

/** The analysis job of a reference: its media are what the provider analyses. */
export function referenceAnalysisJob(deps: ServiceDependencies, record: ReferenceRecord): Job {
  const { reference } = record;
  return {
    id: deps.ids.uuid(),
    kind: "reference_analysis",
    organizationId: reference.organization_id,
    resourceId: reference.id,
    holdId: record.holdId,
    input: {
      template_slug: reference.template_slug,
      template_category: reference.template_category,
      media_kind: reference.media_kind,
      media_urls: [...reference.media_urls],
      video_url: reference.video_url,
    },
  };
}

/**
 * Inserts the reference and queues its analysis job; on failure releases the hold and
 * answers a retryable 500 `server_error`.
 */
export async function queueReferenceAnalysis(
  deps: ServiceDependencies,
  caller: Caller,
  record: ReferenceRecord,
): Promise<Step<ReferenceRecord>> {
  try {
    await deps.stores.references.insert([record]);
  } catch {
    await releaseHolds(deps, caller, [record.holdId]);
    return queueFailure(
      "The reference could not be saved; nothing was charged. Retry with the same idempotency key.",
    );
  }
  try {
    await deps.queue.enqueue(referenceAnalysisJob(deps, record));
  } catch {
    await releaseHolds(deps, caller, [record.holdId]);
    await deps.stores.references.update(caller.organization.id, record.reference.id, (current) =>
      withAnalysisStatus(current, "failed", NOT_QUEUED_ANALYSIS_ERROR),
    );
    return queueFailure(
      "The analysis could not be queued; nothing was charged. Retry with the same idempotency key.",
    );
  }
  return proceed(record);
}

function unlessFinished(move: (record: ReferenceRecord) => ReferenceRecord) {
  return (record: ReferenceRecord): ReferenceRecord =>
    isAnalysisFinished(record.reference.analysis_status) ? record : move(record);
}

/** Moves a reference's analysis status as its job runs. */
export const referenceAnalysisJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const updated = await deps.stores.references.update(
      job.organizationId,
      job.resourceId,
      unlessFinished((record) => withAnalysisStatus(record, "analyzing")),
    );
    // Unchanged `ready` or `failed` means the job already ran; `analyzing` means it runs now.
    return jobStartOf(updated?.reference.analysis_status, {
      running: "analyzing",
      completed: "ready",
      failed: "failed",
    });
  },
  // The provider's output URL is not needed: the analysis result is the status itself.
  async complete(deps, job) {
    await deps.stores.references.update(
      job.organizationId,
      job.resourceId,
      unlessFinished((record) => withAnalysisStatus(record, "ready")),
    );
  },
  async fail(deps, job, failure) {
    await deps.stores.references.update(
      job.organizationId,
      job.resourceId,
      unlessFinished((record) => withAnalysisStatus(record, "failed", failure.message)),
    );
  },
};
