/**
 * Receiving a `source_url` import: this host's own signed upload URL is read from media
 * storage (a direct upload); any other HTTPS URL is downloaded through the SSRF-safe
 * fetcher within the size limit of its kind.
 *
 * @module
 */

import { fetchRefusalError } from "../../media/media-errors.js";
import { type MediaKind, mediaKindOfMimeType } from "../../media/media-types.js";
import type { MediaType } from "../../schemas/common.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { receiveDirectUpload } from "./direct-upload-intake.js";
import { nameFromUrl } from "./filenames.js";
import { checkImportSize, checkMediaBytes } from "./media-bytes.js";
import { uploadFieldError } from "./my-media-errors.js";
import type { ReceivedMedia } from "./received-media.js";

/** What the client said about the file to import. */
export interface ImportHints {
  /** The body's `content_type`. */
  readonly contentType: string | undefined;
  /** The body's `media_type`. */
  readonly mediaType: MediaType | undefined;
}

// The expected kind picks the download's size limit (video 200 MiB, others 50 MiB).
function expectedKind(hints: ImportHints): MediaKind | undefined {
  if (hints.mediaType !== undefined) return hints.mediaType === "voice" ? "audio" : hints.mediaType;
  return hints.contentType === undefined ? undefined : mediaKindOfMimeType(hints.contentType);
}

async function download(
  deps: ServiceDependencies,
  url: string,
  hints: ImportHints,
): Promise<Step<ReceivedMedia>> {
  const kind = expectedKind(hints);
  const fetched = await deps.urlFetcher.fetch(url, kind === undefined ? {} : { kind });
  if (!fetched.ok) return halt(fetchRefusalError(fetched));
  const checked = checkMediaBytes(fetched.bytes, "source_url", [
    { field: "content_type", contentType: hints.contentType },
  ]);
  if (!checked.ok) return checked;
  const sized = checkImportSize(fetched.bytes, checked.value, "source_url");
  if (!sized.ok) return sized;
  return proceed({
    bytes: fetched.bytes,
    sniffed: sized.value,
    origin: "source_url",
    filename: nameFromUrl(url) ?? nameFromUrl(fetched.url),
    declaredType: hints.contentType,
  });
}

/**
 * Imports `url`: a direct upload of this host (see `receiveDirectUpload`), or a download.
 * A URL that looks like this host's upload URL but is altered is refused with 400
 * rather than fetched, so the service never downloads from itself.
 */
export async function receiveSourceUrl(
  deps: ServiceDependencies,
  caller: Caller,
  url: string,
  hints: ImportHints,
): Promise<Step<ReceivedMedia>> {
  const recognized = await deps.uploadUrls.recognize(url);
  if (recognized.ok) return receiveDirectUpload(deps, caller, recognized.claims, hints.contentType);
  if (recognized.reason !== "foreign_url") {
    return halt(uploadFieldError("source_url", recognized.reason, recognized.message));
  }
  return download(deps, url, hints);
}
