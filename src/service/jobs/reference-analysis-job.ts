/**
 * The analysis of a saved reference inspiration: `queued` → `analyzing` when a worker
 * takes it, then `ready` (usable as `custom_reference_inspiration_id`) or `failed` with
 * the provider's message in `analysis_error`. A finished analysis never moves again.
 *
 * @module
 */
import type { ReferenceRecord } from "../ports/records.js";
import { withAnalysisStatus } from "../references/reference-record.js";
import { isAnalysisFinished } from "../references/reference-statuses.js";
import { type JobRecordHandler, jobStartOf } from "./job-handler.js";

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
