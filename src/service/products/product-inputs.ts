/**
 * The inputs of the product jobs, read back from the plain JSON the queue carries. The
 * service wrote them from a parsed request, so a field of the wrong type is a broken
 * invariant and throws.
 *
 * @module
 */

import type { Job } from "../../ports/jobs.js";
import { EDITOR_ASPECT_RATIOS, type EditorAspectRatio } from "../../vocabulary.js";

/** What a faceless video's steps read from its job. */
export interface FacelessInput {
  /** The brief, when the script was written from one. */
  readonly prompt: string | null;
  /** The requested length in seconds. */
  readonly durationSeconds: number;
  /** 9:16 or 16:9. */
  readonly aspectRatio: EditorAspectRatio;
  /** The requested image style. */
  readonly imageStyle: string;
  /** The narrator's voice. */
  readonly voiceId: string;
  /** Language of the narration. */
  readonly language: string;
  /** Spoken words per second of the voice. */
  readonly wordsPerSecond: number;
  /** Product or style images. */
  readonly referenceImageUrls: readonly string[];
  /** `selected_ai_styles` then `selected_flux_dev_styles`. */
  readonly styles: readonly string[];
  /** The brand kit, if any. */
  readonly brandKitId: number | null;
  /** Background music under the narration, if any (an extension). */
  readonly musicUrl: string | null;
}

/** What a slideshow's steps read from its job. */
export interface SlideshowInput {
  /** The video the slides are built into. */
  readonly videoId: number;
  /** The slideshow's title. */
  readonly title: string;
  /** What the slideshow is about, if given. */
  readonly prompt: string | null;
  /** Facts about the product, if given. */
  readonly productContext: string | null;
  /** How many slides. */
  readonly slideCount: number;
  /** 9:16, 1:1 or 4:5. */
  readonly aspectRatio: EditorAspectRatio;
  /** Language of the slide text. */
  readonly language: string;
  /** Whether each slide gets its headline as an editable text overlay. */
  readonly textOverlays: boolean;
  /** Product images to feature. */
  readonly productImageUrls: readonly string[];
  /** The workspace avatar to feature, if any. */
  readonly avatarId: string | null;
  /** An image of a person to feature, if any. */
  readonly avatarImageUrl: string | null;
  /** The brand kit, if any. */
  readonly brandKitId: number | null;
  /** A saved reference inspiration steering the look, if any. */
  readonly referenceId: string | null;
}

function broken(job: Job, field: string): never {
  throw new TypeError(`The input of ${job.kind} job ${job.id} has no usable ${field}.`);
}

function text(job: Job, field: string): string | null {
  const value = job.input[field];
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : broken(job, field);
}

function requiredText(job: Job, field: string): string {
  return text(job, field) ?? broken(job, field);
}

function texts(job: Job, field: string): readonly string[] {
  const value = job.input[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) {
    return broken(job, field);
  }
  return value as string[];
}

function number(job: Job, field: string): number | null {
  const value = job.input[field];
  if (value === undefined || value === null) return null;
  const read = typeof value === "string" ? Number(value) : value;
  return typeof read === "number" && Number.isFinite(read) ? read : broken(job, field);
}

function aspectRatio(job: Job): EditorAspectRatio {
  const value = job.input.aspect_ratio;
  return (EDITOR_ASPECT_RATIOS as readonly unknown[]).includes(value)
    ? (value as EditorAspectRatio)
    : broken(job, "aspect_ratio");
}

/** The inputs of a `faceless_video` job. */
export function facelessInputOf(job: Job): FacelessInput {
  return {
    prompt: text(job, "prompt"),
    durationSeconds: number(job, "duration") ?? broken(job, "duration"),
    aspectRatio: aspectRatio(job),
    imageStyle: requiredText(job, "image_style"),
    voiceId: requiredText(job, "voice_id"),
    language: requiredText(job, "language"),
    wordsPerSecond: number(job, "words_per_second") ?? broken(job, "words_per_second"),
    referenceImageUrls: texts(job, "reference_image_urls"),
    styles: [...texts(job, "selected_ai_styles"), ...texts(job, "selected_flux_dev_styles")],
    brandKitId: number(job, "brand_kit_id"),
    musicUrl: text(job, "music_url"),
  };
}

/** The inputs of a `slideshow` job. */
export function slideshowInputOf(job: Job): SlideshowInput {
  const overlays = job.input.generate_text_overlays;
  return {
    videoId: number(job, "video_id") ?? broken(job, "video_id"),
    title: requiredText(job, "title"),
    prompt: text(job, "prompt"),
    productContext: text(job, "product_context"),
    slideCount: number(job, "slide_count") ?? broken(job, "slide_count"),
    aspectRatio: aspectRatio(job),
    language: requiredText(job, "language"),
    textOverlays: overlays === true,
    productImageUrls: texts(job, "product_image_urls"),
    avatarId: text(job, "avatar_id"),
    avatarImageUrl: text(job, "avatar_image_url"),
    brandKitId: number(job, "brand_kit_id"),
    referenceId: text(job, "custom_reference_inspiration_id"),
  };
}
