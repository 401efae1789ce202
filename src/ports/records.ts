/**
 * The records the service keeps, one type per resource. Records carry what the wire
 * shows plus what the service needs to finish the work (the credit hold, the failure).
 * Wire bodies are built from records by the use cases, never stored apart from them.
 *
 * @module
 */

import type { EditorState } from "../editor/state.js";
import type { OrganizationId } from "../organization-id.js";
import type { EditorAspectRatio } from "../schemas/common.js";
import type { GenerationType } from "../schemas/generations.js";
import type { MediaItemRecord } from "../schemas/media.js";
import type { ReferenceInspiration } from "../schemas/reference-inspirations.js";
import type { ProductProgress } from "./product-workflow.js";

/** Why a job failed, as the provider reported it (spec 7.3). */
export interface JobFailure {
  /** The stored failure category, such as `provider_unavailable` or `content_policy`. */
  readonly category: string;
  /** A message for people. */
  readonly message: string;
  /** Whether trying again may succeed; follows the failure, not the polling response. */
  readonly retryable: boolean;
}

/**
 * Status of queued work: `queued` until a worker takes it, then `generating`, then
 * `completed` or `error`. Generations are reported from `generating` on (spec 3).
 */
export type WorkStatus = "queued" | "generating" | "completed" | "error";

/** Fields every record has. */
export interface OwnedRecord<Id extends string | number> {
  /** The record's id. */
  readonly id: Id;
  /** The owning organization; other organizations see the record as missing. */
  readonly organizationId: OrganizationId;
  /** ISO 8601 creation time. */
  readonly createdAt: string;
  /** ISO 8601 time of the last change. */
  readonly updatedAt: string;
}

/** Fields of a record whose work is paid and queued. */
export interface PaidWork {
  /** Status of the work. */
  readonly status: WorkStatus;
  /** The final asset URL once `completed`. */
  readonly url: string | null;
  /** The failure once `error`. */
  readonly failure: JobFailure | null;
  /** The credit hold that pays for the work; captured on completion, released on failure. */
  readonly holdId: string;
  /** Credits held for this record. */
  readonly creditsDeducted: number;
}

/** A generation (spec 2.3). */
export interface GenerationRecord extends OwnedRecord<string>, PaidWork {
  /** Kind of generation. */
  readonly type: GenerationType;
  /** The prompt, kept for the provider. */
  readonly prompt: string | undefined;
}

/** A slideshow (spec 2.4); its rendered video is the video record `videoId`. */
export interface SlideshowRecord extends OwnedRecord<string>, PaidWork {
  /** The video record the slideshow renders into. */
  readonly videoId: number;
  /** Title of the slideshow. */
  readonly title: string;
  /** Number of slides. */
  readonly slideCount: number;
  /** Aspect ratio of the slides. */
  readonly aspectRatio: string;
  /** The prompt, kept for the provider. */
  readonly prompt: string | undefined;
}

/** What produced a video record. */
export type VideoKind = "faceless_video" | "slideshow" | "editor";

/**
 * A video (spec 2.5). Faceless videos, slideshows and editor projects share one id
 * space, so `GET /videos/{id}` reads any of them. Editor projects carry their timeline
 * state and a version that increases with every accepted edit; so do faceless videos and
 * slideshow videos once their workflow has built their project.
 */
export interface VideoRecord extends OwnedRecord<number> {
  /** What produced the video. */
  readonly kind: VideoKind;
  /** Title, or null. */
  readonly title: string | null;
  /** `ready` for editor projects; the work status for rendered videos. */
  readonly status: WorkStatus | "ready";
  /** The final video URL once completed; null for editor projects (not exported). */
  readonly url: string | null;
  /** The failure once `error`. */
  readonly failure: JobFailure | null;
  /** The hold paying for the render; null for editor projects. */
  readonly holdId: string | null;
  /** Aspect ratio of the video. */
  readonly aspectRatio: EditorAspectRatio | "4:5";
  /** The faceless video's script; null otherwise. */
  readonly script: string | null;
  /**
   * The timeline of an editor project, or of a product video once its workflow built it;
   * null before that and for other videos.
   */
  readonly editor: EditorState | null;
  /** Instructions recorded with edits, oldest first. */
  readonly instructions: readonly string[];
  /** Increases by one with every accepted change of the editor state. */
  readonly version: number;
  /**
   * The latest MP4 export of an editor project (POST /editor/videos/{id}/export); absent
   * before the first. GET /videos/{id} reports its status and URL.
   */
  readonly lastExport?: EditorExportRecord;
  /**
   * The workflow of a faceless video or a slideshow's video: the step it is in and what
   * its finished steps produced. Absent on editor projects.
   */
  readonly workflow?: ProductProgress;
}

/**
 * One export of an editor project: paid work like a render, its status moved by the
 * export job, and the content hash that lets an unchanged project reuse the file.
 */
export interface EditorExportRecord extends PaidWork {
  /** SHA-256 (hex) of the exported state and resolution. */
  readonly contentHash: string;
  /** The resolution asked for (`480p`, `720p`, `1080p`). */
  readonly resolution: "480p" | "720p" | "1080p";
  /** Width of the MP4 in pixels. */
  readonly width: number;
  /** Height of the MP4 in pixels. */
  readonly height: number;
  /** Length of the MP4 in seconds. */
  readonly durationSeconds: number;
  /**
   * The project revision whose timeline the export renders: the `version` when it was
   * asked for, or the one an unchanged project had when the export was answered again.
   * Absent on exports recorded before the field existed.
   */
  readonly revision?: number;
  /** ISO 8601 time the export was asked for. */
  readonly createdAt: string;
  /** ISO 8601 time of the last change. */
  readonly updatedAt: string;
}

/** A reference inspiration (spec 2.6) and its analysis work. */
/** A reference inspiration as stored: the wire record, its owner typed as an organization. */
export type OwnedReferenceInspiration = ReferenceInspiration & {
  readonly organization_id: OrganizationId;
};

export interface ReferenceRecord {
  /** The record as the wire shows it; `organization_id` is the owner. */
  readonly reference: OwnedReferenceInspiration;
  /** The hold paying for the analysis. */
  readonly holdId: string;
  /** Credits held for the analysis. */
  readonly creditsDeducted: number;
}

/** A My Media item (spec 2.8). */
export interface MediaRecord {
  /** The item as the wire shows it. */
  readonly media: MediaItemRecord;
  /** The owning organization. */
  readonly organizationId: OrganizationId;
  /** Where the bytes are kept in media storage, when the service stored them. */
  readonly objectKey: string | null;
  /** Lowercased text the `query` filter searches: filename, title and indexed text. */
  readonly searchText: string;
}
