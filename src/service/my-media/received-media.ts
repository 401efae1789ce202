/**
 * What every upload source yields once its bytes are in hand and checked: the bytes,
 * what they really are, and what the source said about them. Received bytes must be a
 * supported image, video or audio format, every label the client put on them must fit
 * what they are, and imports must fit the size limit of the kind they turned out to be.
 *
 * @module
 */

import { fieldRefusal } from "../../errors/validation.js";
import { declaredTypeError } from "../../media/media-errors.js";
import { importMaxBytesForKind } from "../../media/media-types.js";
import { checkDeclaredType, type SniffedMedia, sniffMedia } from "../../media/sniff.js";
import type { StoredMediaReader } from "../../ports/media-storage.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/** How the bytes of a My Media item arrived; recorded as `metadata.source`. */
export type MediaOrigin = "inline" | "multipart" | "source_url" | "direct_upload";

/**
 * Most bytes read from the head of a stored file to tell its format: every signature
 * {@link sniffMedia} knows sits in the first few dozen bytes. Only a FLAC file behind an
 * ID3 tag longer than this reads as MP3, as a tag past the end of a short file does.
 */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/** Bytes received from one source, sniffed and checked against every declared type. */
export interface ReceivedMedia {
  /**
   * The file: whole bytes for a small upload, or a stored object (a direct upload) that
   * is streamed into the item's own key, never read whole.
   */
  readonly content: Uint8Array | StoredMediaReader;
  /** Size of the file in bytes. */
  readonly sizeBytes: number;
  /** What the bytes are, read from their magic bytes. */
  readonly sniffed: SniffedMedia;
  /** How they arrived. */
  readonly origin: MediaOrigin;
  /** The file name the source carried (inline name, part name, URL path); undefined when none. */
  readonly filename: string | undefined;
  /**
   * The most specific MIME type the client declared, already checked against the bytes;
   * it tells an `audio/webm` from a `video/webm`. Undefined when none was declared.
   */
  readonly declaredType: string | undefined;
}

/** The first declared type that says anything, in order of precedence. */
export function firstDeclared(...types: readonly (string | undefined)[]): string | undefined {
  return types.find((type) => type !== undefined && type.trim() !== "");
}

/** A content type a client declared, and the request field it came from. */
export interface DeclaredType {
  /** The request field, named in the error when the label does not fit. */
  readonly field: string;
  /** The declared MIME type; undefined when the client gave none. */
  readonly contentType: string | undefined;
}

/**
 * Sniffs the bytes (a whole file or its head) and checks every declared type against them. `sourceField` is blamed
 * when the bytes are no supported format at all, whatever the labels say; a declaration
 * that names a different format is blamed on its own field.
 */
export function checkMediaBytes(
  bytes: Uint8Array,
  sourceField: string,
  declared: readonly DeclaredType[],
): Step<SniffedMedia> {
  // Without a label only the bytes speak: this refuses anything that is not media.
  const unlabelled = checkDeclaredType(undefined, sniffMedia(bytes));
  if (!unlabelled.ok) return halt(declaredTypeError(unlabelled.error, sourceField));
  for (const { field, contentType } of declared) {
    const check = checkDeclaredType(contentType, unlabelled);
    if (!check.ok) return halt(declaredTypeError(check.error, field));
  }
  return proceed(unlabelled.value);
}

/**
 * Refuses an import (by `source_url` or direct upload) larger than the limit of the kind
 * its bytes are: a fetch or a PUT only knew the declared kind, and a file declared as
 * video (200 MiB) may turn out to be an image (50 MiB).
 */
export function checkImportSize(
  sizeBytes: number,
  sniffed: SniffedMedia,
  field: string,
): Step<SniffedMedia> {
  const maxBytes = importMaxBytesForKind(sniffed.kind);
  if (sizeBytes <= maxBytes) return proceed(sniffed);
  return halt(
    fieldRefusal({
      field: field,
      reason: "too_large",
      message: `The ${sniffed.kind} file is ${sizeBytes} bytes; at most ${maxBytes} are accepted.`,
      details: { max_bytes: maxBytes },
    }),
  );
}
