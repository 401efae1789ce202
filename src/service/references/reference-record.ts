/**
 * Building the wire record of a new reference inspiration (spec 2.6) and moving its
 * analysis status, so every writer of a reference shapes it the same way.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { OwnedReferenceInspiration, ReferenceRecord } from "../../ports/records.js";
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type {
  CreateReferenceInspirationRequest,
  ReferenceVisibility,
} from "../../schemas/reference-inspirations.js";

/** What a new reference is built from. */
export interface NewReference {
  /** The reference id; also the id of its credit hold. */
  readonly id: string;
  /** The owning organization. */
  readonly organizationId: OrganizationId;
  /** The parsed request. */
  readonly request: CreateReferenceInspirationRequest;
  /** The target it is saved to; its label is the default label. */
  readonly target: ReferenceTemplateTarget;
  /** URLs of the stored inline images, in request order. */
  readonly storedImageUrls: readonly string[];
  /** ISO 8601 creation time. */
  readonly createdAt: string;
}

/**
 * The wire record of a reference whose analysis is queued. Its media are the given image
 * URLs followed by the stored inline images; the first of them is the preview.
 */
export function newReferenceInspiration(reference: NewReference): OwnedReferenceInspiration {
  const { request } = reference;
  const mediaUrls = [...(request.image_urls ?? []), ...reference.storedImageUrls];
  return {
    id: reference.id,
    organization_id: reference.organizationId,
    template_slug: request.template_slug,
    template_category: request.template_category,
    media_kind: request.media_kind,
    visibility: request.visibility,
    label: request.label ?? reference.target.label,
    preview_image_url: mediaUrls[0] ?? null,
    video_url: request.video_url ?? null,
    media_urls: mediaUrls,
    analysis_status: "queued" satisfies ReferenceAnalysisStatus,
    analysis_error: null,
    public_approval_status: initialApprovalStatus(request.visibility),
    created_at: reference.createdAt,
  };
}

/**
 * The record with its analysis moved to `status`; `analysisError` is kept only for
 * `failed`, so a reference never shows an error beside another status.
 */
export function withAnalysisStatus(
  record: ReferenceRecord,
  status: ReferenceAnalysisStatus,
  analysisError: string | null = null,
): ReferenceRecord {
  return {
    ...record,
    reference: {
      ...record.reference,
      analysis_status: status,
      analysis_error: status === "failed" ? analysisError : null,
    },
  };
}

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
