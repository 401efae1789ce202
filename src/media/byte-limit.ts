/**
 * The choice of a download's size limit from the caller's wishes and the response's
 * declared type, shared by every URL fetcher so they all refuse alike.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";
import { VIDEO_IMPORT_MAX_BYTES } from "../schemas/limits.js";
import {
  GENERIC_BINARY_MIME_TYPES,
  importMaxBytesForKind,
  type MediaKind,
  mediaKindOfMimeType,
  mimeTypeEssence,
} from "./media-types.js";
import type { FetchOptions, UnsupportedContentTypeRefusal } from "./url-fetcher.js";

/** A download's size limit, and what chose it. */
export interface ByteLimit {
  /** Most bytes to accept. */
  readonly maxBytes: number;
  /** The kind that chose the limit, if any. */
  readonly kind: MediaKind | undefined;
  /** The lowercased response type, or undefined when absent. */
  readonly contentType: string | undefined;
}

/** Result of {@link chooseByteLimit}: the limit, or the refusal of a type that is not media. */
export type ByteLimitChoice = Result<ByteLimit, UnsupportedContentTypeRefusal>;

/**
 * Picks the size limit for a response: the caller's `maxBytes`, else the import limit of
 * the caller's kind or the response's kind. A missing or generic binary type takes the
 * largest import limit and leaves the format to sniffing; a type that names something
 * other than media (`text/html`) is refused whatever the caller expected.
 *
 * @example
 * ```ts
 * chooseByteLimit("image/png", {}).value; // { maxBytes: 52428800, kind: "image", contentType: "image/png" }
 * chooseByteLimit("text/html", { kind: "image" }).ok; // false
 * ```
 */
export function chooseByteLimit(
  contentType: string | undefined,
  options: FetchOptions,
): ByteLimitChoice {
  const essence = contentType === undefined ? undefined : mimeTypeEssence(contentType);
  const responseKind = essence === undefined ? undefined : mediaKindOfMimeType(essence);
  const generic =
    contentType === undefined || (essence !== undefined && GENERIC_BINARY_MIME_TYPES.has(essence));
  if (responseKind === undefined && !generic) {
    const label = (contentType ?? "").slice(0, 100);
    return err({
      reason: "unsupported_content_type",
      message: `The URL serves ${label || "an unnamed type"}, not an image, video or audio file.`,
      contentType: label,
    });
  }
  const kind = options.kind ?? responseKind;
  const maxBytes =
    options.maxBytes ?? (kind === undefined ? VIDEO_IMPORT_MAX_BYTES : importMaxBytesForKind(kind));
  return ok({ maxBytes, kind, contentType: essence });
}
