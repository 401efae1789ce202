/**
 * The slideshow record of GET /slideshows/{id} (spec 2.4). Spec 2.5.1 leaves the fields
 * beyond `object`, `id`, `video_id` and `status` open; reelkit adds what the slideshow
 * was created with, its URL once completed, its failure and its times.
 *
 * @module
 */
import type { GenerationError } from "../../schemas/generations.js";
import type { SlideshowRecord, WorkStatus } from "../ports/records.js";

/** The response body of GET /slideshows/{id}. */
export interface SlideshowBody {
  /** Always `slideshow`. */
  readonly object: "slideshow";
  /** The slideshow id. */
  readonly id: string;
  /** The video the slideshow renders into; readable with GET /videos/{id}. */
  readonly video_id: number;
  /** `queued`, `generating`, `completed` or `error`. */
  readonly status: WorkStatus;
  /** Title of the slideshow. */
  readonly title: string;
  /** Number of slides. */
  readonly slide_count: number;
  /** Aspect ratio of the slides. */
  readonly aspect_ratio: string;
  /** The final URL once completed; null before. */
  readonly url: string | null;
  /** The failure when status is `error`; null otherwise. */
  readonly error: GenerationError | null;
  /** When the slideshow was queued. */
  readonly created_at: string;
  /** When the slideshow last changed. */
  readonly updated_at: string;
}

/** A slideshow record as GET /slideshows/{id} shows it. */
export function slideshowBodyOf(
  record: SlideshowRecord,
  error: GenerationError | null,
): SlideshowBody {
  return {
    object: "slideshow",
    id: record.id,
    video_id: record.videoId,
    status: record.status,
    title: record.title,
    slide_count: record.slideCount,
    aspect_ratio: record.aspectRatio,
    url: record.status === "completed" ? record.url : null,
    error: record.status === "error" ? error : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}
