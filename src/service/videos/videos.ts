/**
 * Video records: GET /videos/{id} (spec 4.9) answers any video of the organization,
 * whether a faceless video, a slideshow's video or an editor project; rendered work (a
 * slideshow's video, a faceless video) starts as a `queued` record paid by a hold, runs
 * its workflow's steps (`step` says which), and becomes an editor project of the same id
 * on the way.
 *
 * @module
 */

import { apiError } from "../../errors/api-error.js";
import type { OrganizationId } from "../../organization-id.js";
import type { VideoKind, VideoRecord } from "../../ports/records.js";
import type { GenerationError } from "../../schemas/generations.js";
import { videoIdParamsSchema } from "../../schemas/videos.js";
import type { FacelessStep, SlideshowStep } from "../../vocabulary.js";
import { type FailedWorkSource, workErrorOf } from "../jobs/work.js";
import { parseInput } from "../pipeline/input.js";
import { failure, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { productStepOf } from "../products/product-step.js";

/** GET /videos/{id}: the video's status, its final URL once completed, its failure. */
export const getVideo: UseCaseFactory = authenticated(
  "getVideo",
  async ({ deps, caller, request }) => {
    const params = parseInput(videoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const organizationId = caller.organization.id;
    const record = await deps.stores.videos.get(organizationId, params.value.id);
    if (record === undefined) {
      return failure(apiError("not_found", `No video has id ${params.value.id}.`));
    }
    const work = videoWorkOf(record);
    return success(videoBodyOf(record, await workErrorOf(deps, organizationId, work)));
  },
);

/** The response body of GET /videos/{id}. */
export interface VideoBody {
  /** Always `video`. */
  readonly object: "video";
  /** The video id. */
  readonly id: number;
  /** `queued`, `generating`, `completed` or `error`; `ready` for an editor project. */
  readonly status: VideoRecord["status"];
  /** The final video URL once completed; null before, and for editor projects never exported. */
  readonly video_url: string | null;
  /** Same as `video_url` (spec 2.5: url holds the final video URL when complete). */
  readonly url: string | null;
  /** Title, or null. */
  readonly title: string | null;
  /** What made the video: `faceless_video`, `slideshow` or `editor`. */
  readonly video_type: VideoKind;
  /**
   * The step of a faceless video's or slideshow's workflow (an extension): the one running
   * or next to run, the one that failed on `error`, `done` once its video rendered; null
   * for an editor project.
   */
  readonly step: FacelessStep | SlideshowStep | "done" | null;
  /** The failure when status is `error`; null otherwise. */
  readonly error: GenerationError | null;
  /** An editor project's current revision; absent for other videos. */
  readonly project_revision?: number;
  /**
   * The project revision the latest export renders; null before the first export (or
   * for an export recorded before revisions were kept on it); absent for other videos.
   */
  readonly export_revision?: number | null;
  /**
   * True when the project has moved past the revision its latest export renders, false
   * when the export shows the current revision, null when that is not known; absent
   * for other videos.
   */
  readonly export_outdated?: boolean | null;
  /** When the video was created. */
  readonly created_at: string;
  /** When the video last changed. */
  readonly updated_at: string;
}

/**
 * The work GET /videos/{id} reports: the latest render of the video's project once it has
 * one (a product's own render counts as its first export, so a later export of the edited
 * project takes over from it), else the record's own status (`ready` for an unexported
 * editor project, the workflow's status for a product still running or failed).
 */
export function videoWorkOf(record: VideoRecord): FailedWorkSource {
  return record.lastExport ?? record;
}

/** A video record as GET /videos/{id} shows it. */
export function videoBodyOf(record: VideoRecord, error: GenerationError | null): VideoBody {
  const work = videoWorkOf(record);
  const url = work.status === "completed" ? work.url : null;
  return {
    object: "video",
    id: record.id,
    status: work.status,
    video_url: url,
    url,
    title: record.title,
    video_type: record.kind,
    step: productStepOf(record),
    error: work.status === "error" ? error : null,
    ...exportRevisionsOf(record),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

// Which revision a project's latest export shows, and whether the project has moved past
// it: an editor project's, or a faceless video's or slideshow's once its workflow built
// one. Other videos have no revisions.
function exportRevisionsOf(
  record: VideoRecord,
): Pick<VideoBody, "project_revision" | "export_revision" | "export_outdated"> {
  if (record.kind !== "editor" && record.editor == null) return {};
  const exported = record.lastExport?.revision ?? null;
  return {
    project_revision: record.version,
    export_revision: exported,
    export_outdated: exported === null ? null : record.version > exported,
  };
}

/** What a new rendered video is made of. */
export interface RenderedVideoFields {
  /** The id allocated by `VideoStore.nextId()`. */
  readonly id: number;
  /** The owning organization. */
  readonly organizationId: OrganizationId;
  /** What produces the video. */
  readonly kind: "slideshow" | "faceless_video";
  /** Title shown by GET /videos/{id}. */
  readonly title: string;
  /** Aspect ratio of the video. */
  readonly aspectRatio: VideoRecord["aspectRatio"];
  /** The hold paying for the render. */
  readonly holdId: string;
  /** The faceless video's script; null for a slideshow. */
  readonly script: string | null;
  /** ISO 8601 creation time. */
  readonly now: string;
}

/** A new `queued` video record for rendered work. */
export function renderedVideoRecord(fields: RenderedVideoFields): VideoRecord {
  return {
    id: fields.id,
    organizationId: fields.organizationId,
    createdAt: fields.now,
    updatedAt: fields.now,
    kind: fields.kind,
    title: fields.title,
    status: "queued",
    url: null,
    failure: null,
    holdId: fields.holdId,
    aspectRatio: fields.aspectRatio,
    script: fields.script,
    editor: null,
    instructions: [],
    version: 0,
  };
}
