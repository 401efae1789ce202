/**
 * `preserve_original` of a `source_url` import (spec 4.16): keep the file as sent,
 * without transcoding. It only makes sense for containers that play as they are.
 *
 * @module
 */
import type { MediaFormatName } from "../../media/media-formats.js";
import type { SniffedMedia } from "../../media/sniff.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { uploadFieldError } from "./my-media-errors.js";

/** Formats `preserve_original` may keep untouched (spec 4.16). */
export const PRESERVABLE_FORMATS: readonly MediaFormatName[] = ["mp4", "webm"];

/**
 * Checks `preserve_original`: true is only meaningful for an MP4 or WebM file, since it
 * skips transcoding and keeps the container; anything else is a 400 on the field.
 */
export function checkPreserveOriginal(
  preserveOriginal: boolean | undefined,
  sniffed: SniffedMedia,
): Step<boolean | undefined> {
  if (preserveOriginal !== true || PRESERVABLE_FORMATS.includes(sniffed.format)) {
    return proceed(preserveOriginal);
  }
  return halt(
    uploadFieldError(
      "preserve_original",
      "not_preservable",
      `preserve_original applies only to MP4 or WebM files; this file is ${sniffed.mimeType}.`,
      { detected_content_type: sniffed.mimeType },
    ),
  );
}
