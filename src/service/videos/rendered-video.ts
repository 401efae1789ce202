/**
 * The video record of paid, rendered work (a slideshow's video, a faceless video): it
 * starts `queued` with no URL, holds no editor state, and is paid by a credit hold.
 *
 * @module
 */
import type { VideoRecord } from "../ports/records.js";

/** What a new rendered video is made of. */
export interface RenderedVideoFields {
  /** The id allocated by `VideoStore.nextId()`. */
  readonly id: number;
  /** The owning organization. */
  readonly organizationId: number;
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
