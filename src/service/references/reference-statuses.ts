/**
 * The status values of a reference inspiration, which the contract leaves open (spec 2.6,
 * 3): the analysis moves `queued` → `analyzing` → `ready` or `failed`, and a public
 * reference waits in `pending_review` since nothing in this service approves it.
 *
 * @module
 */
import type { ReferenceVisibility } from "../../schemas/reference-inspirations.js";

/** Where a reference's analysis is. */
export type ReferenceAnalysisStatus = "queued" | "analyzing" | "ready" | "failed";

/** The analysis statuses in the order the analysis moves through them. */
export const REFERENCE_ANALYSIS_STATUSES: readonly ReferenceAnalysisStatus[] = [
  "queued",
  "analyzing",
  "ready",
  "failed",
];

/** Review state of a reference: private ones are never reviewed. */
export type PublicApprovalStatus = "not_requested" | "pending_review";

/** True once the analysis has ended, well or badly; a finished analysis never moves again. */
export function isAnalysisFinished(status: string): boolean {
  return status === "ready" || status === "failed";
}

/**
 * The review state a new reference starts in: `pending_review` when it is public (the
 * review itself happens outside this service), `not_requested` when it is private.
 */
export function initialApprovalStatus(visibility: ReferenceVisibility): PublicApprovalStatus {
  return visibility === "public" ? "pending_review" : "not_requested";
}
