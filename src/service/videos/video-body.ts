/**
 * The video record of GET /videos/{id} (spec 2.5): faceless videos, slideshow videos and
 * editor projects alike. Spec 2.5.1 leaves the fields beyond `object`, `id`, `status`,
 * `video_url` and `url` open; reelkit adds the title, the kind, the failure and the times.
 *
 * @module
 */
import type { GenerationError } from "../../schemas/generations.js";
import type { VideoKind, VideoRecord } from "../ports/records.js";

/** The response body of GET /videos/{id}. */
export interface VideoBody {
  /** Always `video`. */
  readonly object: "video";
  /** The video id. */
  readonly id: number;
  /** `queued`, `generating`, `completed` or `error`; `ready` for an editor project. */
  readonly status: VideoRecord["status"];
  /** The final video URL once completed; null before, and for editor projects. */
  readonly video_url: string | null;
  /** Same as `video_url` (spec 2.5: url holds the final video URL when complete). */
  readonly url: string | null;
  /** Title, or null. */
  readonly title: string | null;
  /** What made the video: `faceless_video`, `slideshow` or `editor`. */
  readonly video_type: VideoKind;
  /** The failure when status is `error`; null otherwise. */
  readonly error: GenerationError | null;
  /** When the video was created. */
  readonly created_at: string;
  /** When the video last changed. */
  readonly updated_at: string;
}

/** A video record as GET /videos/{id} shows it. */
export function videoBodyOf(record: VideoRecord, error: GenerationError | null): VideoBody {
  const url = record.status === "completed" ? record.url : null;
  return {
    object: "video",
    id: record.id,
    status: record.status,
    video_url: url,
    url,
    title: record.title,
    video_type: record.kind,
    error: record.status === "error" ? error : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}
